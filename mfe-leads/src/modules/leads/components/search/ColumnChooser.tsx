/** Picks the lead table's columns; the choice is remembered in this browser (useChosenColumns). */
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, Popover, SettingOutlined } from '@crm/shared/ui';

type ColumnChooserProps = {
  columns: readonly { key: string; title: string }[];
  chosen: readonly string[];
  onChoose(keys: string[]): void;
};

export function ColumnChooser({ columns, chosen, onChoose }: ColumnChooserProps) {
  const { t } = useTranslation('leads');
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={t('leads.search.columns')}
      content={
        <Checkbox.Group
          data-testid="lead-column-chooser-list"
          style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
          value={[...chosen]}
          // At least one column stays: an empty table would look like a failure.
          onChange={(keys) => {
            if (keys.length > 0) onChoose(keys.map(String));
          }}
          options={columns.map((column) => ({ value: column.key, label: column.title }))}
        />
      }
    >
      <Button icon={<SettingOutlined />} data-testid="lead-column-chooser">
        {t('leads.search.columns')}
      </Button>
    </Popover>
  );
}
