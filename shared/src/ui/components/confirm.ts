/** The confirm dialogs: delete and cancel need confirmation and cannot be undone. */
import { Modal } from 'antd';

type Translate = (key: string) => string;

function confirm(t: Translate, title: string, onOk: () => void): void {
  Modal.confirm({
    title,
    content: t('confirm.cannot_undo'),
    okText: t('confirm.yes'),
    cancelText: t('confirm.no'),
    okButtonProps: { danger: true },
    onOk,
  });
}

/** `title`: what is deleted, for a bulk delete ("Delete 12 failed leads?"); the generic question otherwise. */
export const confirmDelete = (t: Translate, onOk: () => void, title = t('confirm.delete')) => confirm(t, title, onOk);
export const confirmCancel = (t: Translate, onOk: () => void) => confirm(t, t('confirm.cancel'), onOk);
