/**
 * A key just issued (created or rotated), shown this once: the API stores only its hash, so closing this dialog is the
 * last time anyone sees it. It closes only by its button, not by a click beside it.
 */
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Flex, Input, Modal, Space } from '@crm/shared/ui';

export function IssuedKeyDialog({ issuedKey, prefix, onClose }: { issuedKey: string; prefix: string; onClose(): void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);

  async function copy() {
    try {
      await navigator.clipboard.writeText(issuedKey);
      setCopied(true);
    } catch {
      toast.error(t('settings:affiliates.keys.copyFailed'));
    }
  }

  return (
    <Modal
      open
      title={t('settings:affiliates.keys.issuedTitle')}
      onCancel={onClose}
      mask={{ closable: false }}
      keyboard={false}
      destroyOnHidden
      width={640}
      footer={
        <Button type="primary" onClick={onClose} data-testid="issued-key-done">
          {t('settings:affiliates.keys.done')}
        </Button>
      }
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="issued-key-dialog">
        <Alert type="warning" showIcon title={t('settings:affiliates.keys.issuedWarning')} data-testid="issued-key-warning" />
        <Flex gap="small">
          <Input
            readOnly
            value={issuedKey}
            aria-label={`${t('settings:affiliates.keys.noun')} ${prefix}`}
            data-testid="issued-key"
            style={{ fontFamily: 'monospace' }}
            onFocus={(event) => event.target.select()}
          />
          <Button onClick={() => void copy()} data-testid="copy-issued-key">
            {t(copied ? 'settings:affiliates.keys.copied' : 'settings:affiliates.keys.copy')}
          </Button>
        </Flex>
      </Space>
    </Modal>
  );
}
