/** Rotate a key: a new one now; the old one keeps working for the grace period the user picks (24 hours unless changed). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, InputNumber, Modal } from '@crm/shared/ui';
import type { AffiliateKeyItem } from '@crm/shared/contract';

/** The API's default grace period (api/src/modules/affiliates/keys.ts `defaultGraceHours`). */
const defaultGraceHours = 24;

type Props = { apiKey: AffiliateKeyItem; rotating: boolean; onRotate(graceHours: number): void; onClose(): void };

export function RotateKeyDialog({ apiKey, rotating, onRotate, onClose }: Props) {
  const { t } = useTranslation();
  const [graceHours, setGraceHours] = useState<number | null>(defaultGraceHours);
  const label = t('settings:affiliates.keys.graceHours');
  return (
    <Modal
      open
      title={t('settings:affiliates.keys.rotateTitle', { name: apiKey.name })}
      okText={t('settings:affiliates.keys.rotate')}
      okButtonProps={{ loading: rotating, disabled: graceHours === null }}
      onOk={() => graceHours !== null && onRotate(graceHours)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={label} extra={t('settings:affiliates.keys.graceHelp')}>
          <InputNumber aria-label={label} data-testid="rotate-grace-hours" min={0} max={720} precision={0} value={graceHours} onChange={setGraceHours} style={{ width: 160 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
