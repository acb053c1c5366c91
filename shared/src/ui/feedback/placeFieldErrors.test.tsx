import { Form, Input, type FormInstance } from 'antd';
import { act, renderWithProviders, screen, userEvent } from '../../testing/index.ts';
import { firstErrorInView } from './firstErrorInView.ts';
import { placeFieldErrors } from './toastOutcome.ts';

type Values = { name?: string; email?: string };

test("shows each message under its field and scrolls the first one into view", async () => {
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
  const scrolled = jest.spyOn(form, 'scrollToField');

  act(() => placeFieldErrors(form!, [{ name: 'email', errors: ['The email has already been taken.'] }, { name: 'name', errors: ['Too long.'] }]));

  expect(await screen.findByText('The email has already been taken.')).toBeInTheDocument();
  expect(await screen.findByText('Too long.')).toBeInTheDocument();
  expect(scrolled).toHaveBeenCalledTimes(1);
  expect(scrolled).toHaveBeenCalledWith('email', firstErrorInView);
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
