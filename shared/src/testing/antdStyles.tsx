/**
 * Where antd's styles go in the frontend tests: a detached element, not the document's head.
 *
 * jsdom computes a style (every `*ByRole` query asks whether each element is hidden, user-event whether each click
 * reaches its target) by matching the element against every rule of every style sheet in the document, and antd
 * injects thousands of rules: with them in the head, a form test spent a hundred seconds in those matches, eight
 * without. Inline styles (status colours, widths) still apply; a test that reads antd's rules reads them here.
 */
import type { ReactNode } from 'react';
import { StyleProvider } from '@ant-design/cssinjs';
import { ConfigProvider } from 'antd';
import { staticHolder } from '../ui/login/AppConfig.tsx';

export const antdStyleContainer: HTMLElement = document.createElement('div');

export function TestStyles({ children }: { children: ReactNode }) {
  return <StyleProvider container={antdStyleContainer}>{children}</StyleProvider>;
}

/** antd's static dialogs (Modal.confirm) render outside the tree: the product's holder, its styles kept out too. */
export function keepStaticDialogStylesOut(): void {
  ConfigProvider.config({ holderRender: (children) => <TestStyles>{staticHolder(children)}</TestStyles> });
}
