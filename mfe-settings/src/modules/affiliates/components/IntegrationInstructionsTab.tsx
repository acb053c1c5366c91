/**
 * The integration instructions for one of the company's keys: what an account manager sends the affiliate. Printable
 * (the print stylesheet shows only the instructions, not the console around them) and downloadable as Markdown; both
 * are the one document `integrationDocument` builds.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getRuntimeConfig } from '@crm/shared';
import { Button, Descriptions, Empty, Flex, Select, Table, Typography } from '@crm/shared/ui';
import type { AffiliateKeyItem } from '@crm/shared/contract';
import { useAffiliateKeysQuery } from '../api/affiliateKeysApi.ts';
import { integrationDocument, markdownFileName, markdownOf, type Block, type IntegrationDocument } from '../instructions/integrationDocument.ts';
import { keyStateOf } from '../keyState.ts';

const printArea = 'affiliate-instructions-print';

/** While printing, everything but the instructions is hidden (the console's menu, header, tabs and these buttons). */
const printStyles = `@media print {
  body * { visibility: hidden; }
  .${printArea}, .${printArea} * { visibility: visible; }
  .${printArea} { position: absolute; inset: 0 auto auto 0; width: 100%; }
  .${printArea} pre { white-space: pre-wrap; }
}`;

function BlockView({ block }: { block: Block }) {
  switch (block.kind) {
    case 'text':
      return <Typography.Paragraph>{block.text}</Typography.Paragraph>;
    case 'facts':
      return (
        <Descriptions size="small" column={1} bordered>
          {block.items.map((item) => (
            <Descriptions.Item key={item.label} label={item.label}>
              <Typography.Text code data-testid="instructions-fact">
                {item.value}
              </Typography.Text>
            </Descriptions.Item>
          ))}
        </Descriptions>
      );
    case 'table':
      return (
        <Table<string[]>
          size="small"
          pagination={false}
          rowKey={(row) => row[0] ?? ''}
          dataSource={block.rows}
          columns={block.headers.map((title, index) => ({
            key: title,
            title,
            render: (_value: unknown, row: string[]) => (index === 0 ? <Typography.Text code>{row[index]}</Typography.Text> : row[index]),
          }))}
        />
      );
    case 'code':
      return (
        <div>
          {block.caption && <Typography.Paragraph strong>{block.caption}</Typography.Paragraph>}
          <Typography.Paragraph>
            <pre data-testid={`instructions-code-${block.language}`}>{block.text}</pre>
          </Typography.Paragraph>
        </div>
      );
  }
}

function DocumentView({ instructions }: { instructions: IntegrationDocument }) {
  return (
    <article className={printArea} data-testid="integration-instructions">
      <Typography.Title level={2}>{instructions.title}</Typography.Title>
      <Typography.Paragraph>{instructions.intro}</Typography.Paragraph>
      {instructions.sections.map((section) => (
        <section key={section.key} data-testid={`instructions-${section.key}`}>
          <Typography.Title level={3}>{section.title}</Typography.Title>
          <Flex vertical gap="small">
            {section.blocks.map((block, index) => (
              <BlockView key={index} block={block} />
            ))}
          </Flex>
        </section>
      ))}
    </article>
  );
}

/** Saves the text as a file through a link the browser downloads. */
function download(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/markdown;charset=utf-8' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  link.click();
  URL.revokeObjectURL(url);
}

/** The key the instructions start with: the first that works now (a revoked or expired one is no use to the affiliate). */
function firstUsable(keys: readonly AffiliateKeyItem[]): AffiliateKeyItem | undefined {
  return keys.find((key) => ['active', 'grace'].includes(keyStateOf(key).state)) ?? keys[0];
}

export function IntegrationInstructionsTab({ company }: { company: { id: number; name: string } }) {
  const { t } = useTranslation();
  const keys = useAffiliateKeysQuery(company.id);
  const [chosenId, setChosenId] = useState<number | null>(null);
  const all = keys.data?.data ?? [];
  const chosen = all.find((key) => key.id === chosenId) ?? firstUsable(all);
  const label = t('settings:affiliates.instructions.key');

  if (!keys.isLoading && all.length === 0) return <Empty description={t('settings:affiliates.instructions.noKeys')} data-testid="instructions-no-keys" />;
  const instructions = chosen
    ? integrationDocument({ apiOrigin: new URL(getRuntimeConfig().apiBaseUrl).origin, companyName: company.name, keyName: chosen.name, keyPrefix: chosen.key_prefix }, t)
    : null;

  return (
    <Flex vertical gap="middle" data-testid="instructions-tab">
      <style>{printStyles}</style>
      <Flex gap="small" wrap align="center">
        <Select
          aria-label={label}
          data-testid="instructions-key"
          placeholder={t('settings:affiliates.instructions.chooseKey')}
          style={{ minWidth: 280 }}
          loading={keys.isLoading}
          value={chosen?.id}
          onChange={(id: number) => setChosenId(id)}
          options={all.map((key) => ({ value: key.id, label: `${key.name} (${key.key_prefix})` }))}
        />
        <Button onClick={() => window.print()} disabled={!instructions} data-testid="instructions-print">
          {t('settings:affiliates.instructions.print')}
        </Button>
        <Button onClick={() => instructions && download(markdownOf(instructions), markdownFileName(company.name))} disabled={!instructions} data-testid="instructions-download">
          {t('settings:affiliates.instructions.download')}
        </Button>
      </Flex>
      {instructions && <DocumentView instructions={instructions} />}
    </Flex>
  );
}
