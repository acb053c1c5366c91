/**
 * The login form (SPEC §2, §4, §5): no client-side validation; the first server message per field is
 * shown under the field; the button goes idle → loading; on success the state is stored and
 * `onLoggedIn` runs after 1 s; on failure the button returns to idle after 1 s.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, Flex, Form, Input, Typography } from 'antd';
import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { defaults, fieldErrorsOf, sessionActions, useAppDispatch, useLoginMutation } from '@crm/shared';
import { SubmitButton } from '../components/SubmitButton.tsx';

type LoginValues = { email?: string; password?: string };

export function LoginForm({ onLoggedIn }: { onLoggedIn(permissions: readonly string[]): void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [login] = useLoginMutation();
  const [loading, setLoading] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function submit(values: LoginValues) {
    setLoading(true);
    setErrors({});
    dispatch(sessionActions.loginStarted());
    try {
      const response = await login({ email: values.email ?? '', password: values.password ?? '' }).unwrap();
      dispatch(sessionActions.loggedIn(response.data));
      timer.current = setTimeout(() => onLoggedIn(response.data.permissions), defaults.loginRedirectDelayMs);
    } catch (error) {
      dispatch(sessionActions.loginFailed());
      setErrors(fieldErrorsOf(error));
      timer.current = setTimeout(() => setLoading(false), defaults.loginRedirectDelayMs);
    }
  }

  const fieldStatus = (field: string) => (errors[field] ? { validateStatus: 'error' as const, help: errors[field] } : {});

  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh', padding: 16 }}>
      <Card style={{ width: '100%', maxWidth: 400 }}>
        <Typography.Title level={3}>{t('login.title')}</Typography.Title>
        <Form<LoginValues> layout="vertical" onFinish={submit} requiredMark={false} noValidate>
          <Form.Item label={t('login.email')} name="email" {...fieldStatus('email')}>
            <Input type="email" autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item label={t('login.password')} name="password" {...fieldStatus('password')}>
            <Input.Password
              autoComplete="current-password"
              iconRender={(visible) => (visible ? <EyeOutlined aria-label={t('login.hide_password')} /> : <EyeInvisibleOutlined aria-label={t('login.show_password')} />)}
            />
          </Form.Item>
          <SubmitButton loading={loading} block>
            {t('login.submit')}
          </SubmitButton>
        </Form>
      </Card>
    </Flex>
  );
}
