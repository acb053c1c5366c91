/** The confirm dialogs of SPEC §5: delete and cancel need confirmation and cannot be undone. */
import { Modal } from 'antd';

type Translate = (key: string) => string;

function confirm(t: Translate, titleKey: string, onOk: () => void): void {
  Modal.confirm({
    title: t(titleKey),
    content: t('confirm.cannot_undo'),
    okText: t('confirm.yes'),
    cancelText: t('confirm.no'),
    okButtonProps: { danger: true },
    onOk,
  });
}

export const confirmDelete = (t: Translate, onOk: () => void) => confirm(t, 'confirm.delete', onOk);
export const confirmCancel = (t: Translate, onOk: () => void) => confirm(t, 'confirm.cancel', onOk);
