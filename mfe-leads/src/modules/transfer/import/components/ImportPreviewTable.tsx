/**
 * Steps 2 and 3: the preview (11 rows from the start row, columns named by letters, empty cells shown as
 * "Empty") with, in a first row, the lead field each column feeds. (That row is a body row, not part of the
 * header: antd renders header titles a second time in a hidden measuring row, which would double the test ids.)
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { browserTimeZone } from '@crm/shared';
import { Alert, Flex, Form, InputNumber, Select, Table, Tag, Typography, type TableColumnsType } from '@crm/shared/ui';
import { importableLeadFields, type ImportableLeadField } from '@crm/shared/contract';
import type { ColumnMapping } from '../mapping/columnMapping.ts';
import { isEmptyCell } from '../preview/cellText.ts';
import { maxStartRow, type FilePreview, type PreviewRow } from '../preview/filePreview.ts';

type ImportPreviewTableProps = {
  preview: FilePreview | null;
  reading: boolean;
  letters: string[];
  mapping: ColumnMapping;
  startRow: number;
  /** Row 1 is a header the import skips. */
  firstRowIgnored: boolean;
  mappingError: string | undefined;
  onStartRow(row: number): void;
  onMap(letter: string, field: ImportableLeadField | null): void;
};

function Cell({ text, emptyLabel }: { text: string; emptyLabel: string }) {
  if (isEmptyCell(text))
    return (
      <Typography.Text type="secondary" italic>
        {emptyLabel}
      </Typography.Text>
    );
  return (
    <span title={text} style={{ display: 'inline-block', maxWidth: 220, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', verticalAlign: 'bottom' }}>
      {text}
    </span>
  );
}

type TableRow = { kind: 'mapping' } | { kind: 'file'; row: PreviewRow };

const mappingRow: TableRow = { kind: 'mapping' };
const keyOf = (entry: TableRow) => (entry.kind === 'mapping' ? 'mapping' : entry.row.number);

function columnsOf(t: TFunction, letters: string[], mapping: ColumnMapping, firstRowIgnored: boolean, onMap: ImportPreviewTableProps['onMap']): TableColumnsType<TableRow> {
  const fieldOptions = importableLeadFields.map((field) => ({ value: field, label: t(`leads.fields.${field}`) }));
  const emptyLabel = t('leads.import.preview.empty');
  return [
    {
      key: 'row',
      title: t('leads.import.preview.row'),
      fixed: 'left',
      width: 100,
      render: (_: unknown, entry: TableRow) =>
        entry.kind === 'mapping' ? (
          t('leads.import.preview.field')
        ) : (
          <Flex gap={4} align="center">
            {entry.row.number}
            {firstRowIgnored && entry.row.number === 1 && <Tag>{t('leads.import.preview.ignored')}</Tag>}
          </Flex>
        ),
    },
    ...letters.map((letter, index) => ({
      key: letter,
      title: letter,
      render: (_: unknown, entry: TableRow) =>
        entry.kind === 'mapping' ? (
          <div data-testid={`lead-import-map-${letter}`}>
            <Select<ImportableLeadField>
              size="small"
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              popupMatchSelectWidth={false}
              style={{ width: 170 }}
              placeholder={t('leads.import.preview.unmapped')}
              options={fieldOptions}
              value={mapping[letter]}
              onChange={(field) => onMap(letter, field ?? null)}
            />
          </div>
        ) : (
          <Cell text={entry.row.cells[index] ?? ''} emptyLabel={emptyLabel} />
        ),
    })),
  ];
}

export function ImportPreviewTable({ preview, reading, letters, mapping, startRow, firstRowIgnored, mappingError, onStartRow, onMap }: ImportPreviewTableProps) {
  const { t } = useTranslation('leads');
  const columns = useMemo(() => columnsOf(t, letters, mapping, firstRowIgnored, onMap), [t, letters, mapping, firstRowIgnored, onMap]);
  const rows = preview?.rows;
  const entries = useMemo<TableRow[]>(() => (rows && rows.length > 0 ? [mappingRow, ...rows.map((row) => ({ kind: 'file' as const, row }))] : []), [rows]);

  return (
    <>
      <Flex gap="middle" align="end" wrap>
        <Form.Item label={t('leads.import.preview.startRow')} style={{ marginBottom: 8 }}>
          <InputNumber<number> data-testid="lead-import-start-row" min={1} max={maxStartRow} precision={0} value={startRow} onChange={(row) => onStartRow(row ?? 1)} />
        </Form.Item>
        <Typography.Text type="secondary" style={{ marginBottom: 12 }}>
          {t('leads.import.preview.mappingHint')}
        </Typography.Text>
        {/* The zone the import request carries (importRequestOf): the dates shown here are that wall-clock time. */}
        <Typography.Text type="secondary" style={{ marginBottom: 12 }} data-testid="lead-import-time-zone">
          {t('leads.import.preview.timeZone', { zone: browserTimeZone() })}
        </Typography.Text>
      </Flex>
      {mappingError && <Alert type="error" showIcon title={mappingError} style={{ marginBottom: 8 }} data-testid="lead-import-columns-error" />}
      {preview && preview.ignoredColumns > 0 && (
        <Alert
          type="warning"
          showIcon
          title={t('leads.import.preview.columnsIgnored', { count: preview.ignoredColumns })}
          style={{ marginBottom: 8 }}
          data-testid="lead-import-columns-ignored"
        />
      )}
      <div data-testid="lead-import-preview" data-rows={rows?.length ?? 0} data-columns={letters.length}>
        <Table<TableRow>
          size="small"
          bordered
          rowKey={keyOf}
          columns={columns}
          dataSource={entries}
          pagination={false}
          loading={reading}
          scroll={{ x: 'max-content' }}
          onRow={(entry) => (entry.kind === 'file' && firstRowIgnored && entry.row.number === 1 ? { style: { opacity: 0.55 } } : {})}
          locale={{ emptyText: reading ? t('leads.import.preview.reading') : t('leads.import.preview.noRows', { row: startRow }) }}
        />
      </div>
    </>
  );
}
