/**
 * The permission matrix of the role editor, an antd form control (value / onChange): one card per
 * group with a select-all checkbox (indeterminate when part of the group is selected) and a checkbox
 * per permission, labelled by the permission string itself.
 */
import { useTranslation } from 'react-i18next';
import type { Permission } from '@crm/shared/access';
import { Card, Checkbox, Col, Flex, Row, Typography } from '@crm/shared/ui';
import { catalogueSize, groupSelection, permissionSections, selectedInGroup, setGroup, setPermission } from '../permissionMatrixModel.ts';

type PermissionMatrixProps = { id?: string; value?: Permission[]; onChange?(value: Permission[]): void; label: string };

export function PermissionMatrix({ id, value = [], onChange, label }: PermissionMatrixProps) {
  const { t } = useTranslation();
  const selected = new Set<string>(value);
  const change = (next: Permission[]) => onChange?.(next);
  const selectedKnown = permissionSections.reduce((sum, section) => sum + selectedInGroup(section, selected), 0);

  return (
    <div id={id} role="group" aria-label={label}>
      <Typography.Paragraph data-testid="permission-count" aria-live="polite">
        {t('management:roles.matrix.selected', { count: selectedKnown, total: catalogueSize })}
      </Typography.Paragraph>
      <Row gutter={[16, 16]}>
        {permissionSections.map((section) => {
          const state = groupSelection(section, selected);
          return (
            <Col key={section.group} xs={24} md={12} xl={8}>
              <Card
                size="small"
                title={
                  <Checkbox
                    aria-label={t('management:roles.matrix.select_all', { group: section.group })}
                    checked={state === 'all'}
                    indeterminate={state === 'some'}
                    onChange={(event) => change(setGroup(value, section, event.target.checked))}
                  >
                    {section.group}
                  </Checkbox>
                }
                extra={`${selectedInGroup(section, selected)} / ${section.permissions.length}`}
              >
                <Flex vertical gap={4}>
                  {section.permissions.map((name) => (
                    <Checkbox key={name} aria-label={name} checked={selected.has(name)} onChange={(event) => change(setPermission(value, name, event.target.checked))}>
                      {name}
                    </Checkbox>
                  ))}
                </Flex>
              </Card>
            </Col>
          );
        })}
      </Row>
    </div>
  );
}
