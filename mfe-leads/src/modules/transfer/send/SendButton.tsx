/**
 * "Send" (issue 7): opens the send dialog for a scope — in the lead search toolbar the selection or the current
 * filter (`searchSendScope`), in a lead profile that lead. Shown only to senders (`useMaySend`).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, SendOutlined } from '@crm/shared/ui';
import { SendModal } from './components/SendModal.tsx';
import { useMaySend } from './hooks/useMaySend.ts';
import type { SendScope } from './sendRequest.ts';

export function SendButton({ scope }: { scope: SendScope }) {
  const { t } = useTranslation('leads');
  const maySend = useMaySend();
  // The scope as it was when the dialog opened: the list refetching behind it (as it does once the send ends) must
  // not change what the dialog says it sent.
  const [opened, setOpened] = useState<SendScope | null>(null);
  if (!maySend) return null;
  return (
    <>
      <Button icon={<SendOutlined />} data-testid="lead-send-open" onClick={() => setOpened(scope)}>
        {t('leads.send.open')}
      </Button>
      {opened && <SendModal scope={opened} onClose={() => setOpened(null)} />}
    </>
  );
}
