import { Form, Input, type FormInstance } from 'antd';
import { act, renderWithProviders, screen, userEvent, waitFor } from '../../testing/index.ts';
import { firstErrorInView } from './firstErrorInView.ts';
import { placeFieldErrors } from './toastOutcome.ts';

type Values = { name?: string; email?: string };

/** A form of two fields without rules, rendered; its instance. */
function renderTwoFields(): FormInstance<Values> {
  let form: FormInstance<Values> | undefined;
  function TwoFields() {
    const [instance] = Form.useForm<Values>();
    form = instance;
    return (
      <Form form={instance}>
        <Form.Item name="name" label="Name">
          <Input />
        </Form.Item>
        <Form.Item name="email" label="Email">
          <Input />
        </Form.Item>
      </Form>
    );
  }
  renderWithProviders(<TwoFields />);
  if (!form) throw new Error('the form did not render');
  return form;
}

test('shows each message under its field and scrolls the first one into view', async () => {
  const form = renderTwoFields();
  const scrolled = jest.spyOn(form, 'scrollToField');

  act(() =>
    placeFieldErrors(form, [
      { name: 'email', errors: ['The email has already been taken.'] },
      { name: 'name', errors: ['Too long.'] },
    ]),
  );

  expect(await screen.findByText('The email has already been taken.')).toBeInTheDocument();
  expect(await screen.findByText('Too long.')).toBeInTheDocument();
  expect(scrolled).toHaveBeenCalledTimes(1);
  expect(scrolled).toHaveBeenCalledWith('email', firstErrorInView);
});

test("a new answer's messages replace the last one's, under the fields the user did not touch too", async () => {
  const form = renderTwoFields();

  act(() => placeFieldErrors(form, [{ name: 'name', errors: ['The current password is incorrect.'] }]));
  expect(await screen.findByText('The current password is incorrect.')).toBeInTheDocument();
  act(() => placeFieldErrors(form, [{ name: 'email', errors: ['The confirmation does not match.'] }]));

  expect(await screen.findByText('The confirmation does not match.')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByText('The current password is incorrect.')).not.toBeInTheDocument());
  expect(form.getFieldError('name')).toEqual([]);
});

test("a form's own refusal (under the apps' AppConfig) focuses its first refused field, however far down the submit is", async () => {
  renderWithProviders(
    <Form>
      <Form.Item name="name" label="Name" rules={[{ required: true, message: 'Name is required.' }]}>
        <Input />
      </Form.Item>
      <Form.Item name="email" label="Email" rules={[{ required: true, message: 'Email is required.' }]}>
        <Input />
      </Form.Item>
      <button type="submit">Save</button>
    </Form>,
  );

  await userEvent.click(screen.getByRole('button', { name: 'Save' }));

  expect(await screen.findByText('Name is required.')).toBeInTheDocument();
  expect(screen.getByLabelText('Name')).toHaveFocus();
});
