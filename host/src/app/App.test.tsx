import { act } from 'react';
import toast from 'react-hot-toast';
import { createTestStore, render, screen } from '@crm/shared/testing';
import { App } from './App.tsx';
import { titleKeyOf } from './useDocumentTitle.ts';

function fontOf(element: HTMLElement): string {
  const styled = element.closest<HTMLElement>('[style*="font-family"]');
  return styled?.style.fontFamily ?? '';
}

test("the login page, outside the signed-in shell, has the theme's font and not the browser's serif", () => {
  render(<App store={createTestStore().store} />);

  expect(fontOf(screen.getByRole('heading', { name: 'Sign in' }))).toMatch(/sans-serif/);
  expect(fontOf(screen.getByLabelText('Email'))).toMatch(/sans-serif/);
});

test("a toast has the theme's font too", async () => {
  render(<App store={createTestStore().store} />);

  act(() => {
    toast.error('Something went wrong');
  });

  expect(fontOf(await screen.findByText('Something went wrong'))).toMatch(/sans-serif/);
});

test('the browser tab names the page: the login page, then the route table title', () => {
  window.history.pushState({}, '', '/login');
  render(<App store={createTestStore().store} />);

  expect(document.title).toBe('Sign in · Lead console');
  expect(titleKeyOf('/failed/lead/search')).toBe('menu.leads.failed');
  expect(titleKeyOf('/lead/single/42')).toBe('menu.leads.single');
  expect(titleKeyOf('/no/such/page')).toBeNull();
});
