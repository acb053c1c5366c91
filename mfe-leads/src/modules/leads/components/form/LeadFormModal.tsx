/** The modal both lead forms sit in: the fields, then Cancel and the submit button inside the form. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Flex, Form, Modal, SubmitButton, type FormInstance } from '@crm/shared/ui';
import type { LeadFormValues } from './leadFormValues.ts';

type LeadFormModalProps = {
  /** The form's name: input ids are `<name>_<field>`; the submit button's test id is `<name>-submit`. */
  name: 'lead-add' | 'lead-edit';
  title: string;
  form: FormInstance<LeadFormValues>;
  initialValues?: LeadFormValues;
  saving: boolean;
  submitLabel: string;
  onSubmit(values: LeadFormValues): void;
  onClose(): void;
  children: ReactNode;
};

export function LeadFormModal({ name, title, form, initialValues, saving, submitLabel, onSubmit, onClose, children }: LeadFormModalProps) {
  const { t } = useTranslation('leads');
  return (
    <Modal open title={title} onCancel={onClose} footer={null} width={820} destroyOnHidden mask={{ closable: false }} data-testid={`${name}-modal`}>
      <Form<LeadFormValues> form={form} name={name} layout="vertical" noValidate initialValues={initialValues ?? {}} onFinish={onSubmit}>
        {children}
        <Flex gap="small" justify="end">
          <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
          <span data-testid={`${name}-submit`}>
            <SubmitButton loading={saving}>{submitLabel}</SubmitButton>
          </span>
        </Flex>
      </Form>
    </Modal>
  );
}
