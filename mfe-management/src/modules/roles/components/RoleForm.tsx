/** The one role form of the create and edit pages: name, guard name and the permission matrix. */
import { useTranslation } from 'react-i18next';
import { defaultGuard, isPermission, type Permission } from '@crm/shared/access';
import { Flex, Form, Input, placeFieldErrors } from '@crm/shared/ui';
import type { RoleItem } from '@crm/shared/contract';
import { FormActions } from '../../common/components/FormActions.tsx';
import { routeUrl } from '@crm/shared/routes';
import { useRoleChoices } from '../../common/hooks/useRoleChoices.ts';
import { useSubmitAndReturn } from '../../common/hooks/useSubmitAndReturn.ts';
import { PermissionMatrix } from './PermissionMatrix.tsx';

export type RoleFormValues = { name: string; guard_name: string; permissions: Permission[] };

const fieldNames = ['name', 'guard_name', 'permissions'] as const satisfies readonly (keyof RoleFormValues)[];
const emptyRole: RoleFormValues = { name: '', guard_name: defaultGuard, permissions: [] };

export function roleFormValuesOf(role: RoleItem): RoleFormValues {
  // A name no longer in the catalogue cannot be shown in the matrix, and the server would refuse it.
  return { name: role.name, guard_name: role.guard_name, permissions: role.permissions.filter(isPermission) };
}

type RoleFormProps = { initialValues?: RoleFormValues; saving: boolean; save(values: RoleFormValues): Promise<{ message: string }> };

export function RoleForm({ initialValues = emptyRole, saving, save }: RoleFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RoleFormValues>();
  const submit = useSubmitAndReturn(fieldNames, (errors) => placeFieldErrors(form, errors), routeUrl('management/roles'));
  const refreshRoleChoices = useRoleChoices().reload;
  const permissionsLabel = t('management:roles.fields.permissions');

  return (
    <Form<RoleFormValues>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onFinish={(values) =>
        void submit(async () => {
          const response = await save(values);
          // The user form's role choices come from the store's option list, not from RTK Query.
          refreshRoleChoices();
          return response;
        })
      }
    >
      <Flex gap="middle" wrap>
        <Form.Item
          name="name"
          label={t('management:roles.fields.name')}
          rules={[{ required: true, whitespace: true, message: t('management:roles.validation.name_required') }]}
          style={{ minWidth: 280 }}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="guard_name"
          label={t('management:roles.fields.guard_name')}
          rules={[{ required: true, whitespace: true, message: t('management:roles.validation.guard_required') }]}
          style={{ minWidth: 200 }}
        >
          <Input autoComplete="off" />
        </Form.Item>
      </Flex>
      <Form.Item name="permissions" label={permissionsLabel}>
        <PermissionMatrix label={permissionsLabel} />
      </Form.Item>
      <FormActions saving={saving} saveLabel={t('management:roles.form.save')} backTo={routeUrl('management/roles')} />
    </Form>
  );
}
