/** A lead's tags: shown as tags, or (with lead.update) a multi-select saved with its own button. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '@crm/shared';
import { Button, Flex, Select, Tag, toastOutcome } from '@crm/shared/ui';
import type { LeadDetail } from '@crm/shared/contract';
import { useLeadEditMutation } from '../../api/leadsApi.ts';
import { useNamedChoices } from '../../hooks/useLeadChoices.ts';

const idsOf = (lead: LeadDetail) => lead.tags.map((tag) => tag.id);
const sameSet = (left: readonly number[], right: readonly number[]) => left.length === right.length && left.every((id) => right.includes(id));

export function LeadTagsEditor({ lead }: { lead: LeadDetail }) {
  const { can } = useAccess();
  if (!can('lead.update')) return lead.tags.length > 0 ? lead.tags.map((tag) => <Tag key={tag.id}>{tag.name}</Tag>) : null;
  // Keyed by the saved tags, so the select starts again from what the server holds after a save or edit.
  return <TagsSelect key={idsOf(lead).join(',')} lead={lead} />;
}

function TagsSelect({ lead }: { lead: LeadDetail }) {
  const { t } = useTranslation('leads');
  const tags = useNamedChoices('tags');
  const [chosen, setChosen] = useState<number[]>(() => idsOf(lead));
  const [edit, editing] = useLeadEditMutation();
  // The lead's own tags stay choosable by name even before (or without) the tag list.
  const known = new Set(tags.choices.map((choice) => choice.value));
  const options = [...tags.choices, ...lead.tags.filter((tag) => !known.has(tag.id)).map((tag) => ({ value: tag.id, label: tag.name }))];

  return (
    <Flex gap="small" align="center" style={{ width: '100%' }}>
      <span data-testid="lead-tags-select" style={{ flex: 1, minWidth: 0 }}>
        <Select<number[]>
          mode="multiple"
          allowClear
          aria-label={t('leads.fields.tags')}
          style={{ width: '100%' }}
          loading={tags.loading}
          optionFilterProp="label"
          value={chosen}
          onChange={setChosen}
          options={options}
          placeholder={t('leads.profile.no_tags')}
        />
      </span>
      <Button
        size="small"
        data-testid="lead-tags-save"
        disabled={sameSet(chosen, idsOf(lead))}
        loading={editing.isLoading}
        onClick={() => void toastOutcome(() => edit({ id: lead.id, body: { tag_ids: chosen } }).unwrap())}
      >
        {t('leads.profile.save_tags')}
      </Button>
    </Flex>
  );
}
