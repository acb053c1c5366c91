/**
 * The login form (docs/product.md#session): no client-side validation; the first server message per field is
 * shown under the field; the button goes idle → loading; on success the state is stored and
 * `onLoggedIn` runs after 1 s; on failure the button returns to idle after 1 s.
 *
 * Plain form elements around antd inputs and button: antd's Form, Card and Typography would bring
 * grids, tooltips, tabs and menus to the login page, the one page every user loads first.
 */
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Flex, Input, theme } from 'antd';
import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { defaults, fieldErrorsOf, sessionActions, useAppDispatch, useLoginMutation } from '@crm/shared';
import { SubmitButton } from '../components/SubmitButton.tsx';

function Field({ id, label, error, children }: { id: string; label: string; error: string | undefined; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div style={{ marginBottom: token.marginMD }}>
      <label htmlFor={id} style={{ display: 'block', marginBottom: token.marginXXS, color: token.colorText }}>
        {label}
      </label>
      {children}
      {error ? (
        <div id={`${id}-error`} role="alert" style={{ color: token.colorError, marginTop: token.marginXXS }}>
          {error}
        </div>
      ) : null}
    </div>
  );
}

export function LoginForm({ onLoggedIn }: { onLoggedIn(permissions: readonly string[]): void }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const dispatch = useAppDispatch();
  const [login] = useLoginMutation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [loading, setLoading] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading) return;
    setLoading(true);
    setErrors({});
    dispatch(sessionActions.loginStarted());
    try {
      const response = await login({ email, password }).unwrap();
      dispatch(sessionActions.loggedIn(response.data));
      timer.current = setTimeout(() => onLoggedIn(response.data.permissions), defaults.loginRedirectDelayMs);
    } catch (error) {
      dispatch(sessionActions.loginFailed());
      setErrors(fieldErrorsOf(error));
      timer.current = setTimeout(() => setLoading(false), defaults.loginRedirectDelayMs);
    }
  }

  const status = (field: string) => (errors[field] ? ('error' as const) : undefined);
  const describedBy = (field: string) => (errors[field] ? `login-${field}-error` : undefined);

  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh', padding: 16, background: token.colorBgLayout }}>
      <section style={{ width: '100%', maxWidth: 400, padding: 24, background: token.colorBgContainer, borderRadius: token.borderRadiusLG, boxShadow: token.boxShadowTertiary }}>
        <p style={{ margin: `0 0 ${token.marginXS}px`, fontSize: token.fontSizeLG, fontWeight: token.fontWeightStrong, color: token.colorPrimary }}>{t('app_name')}</p>
        <h1 style={{ marginTop: 0, fontSize: token.fontSizeHeading3, fontWeight: token.fontWeightStrong, color: token.colorTextHeading }}>{t('login.title')}</h1>
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Field id="login-email" label={t('login.email')} error={errors['email']}>
            <Input
              id="login-email"
              type="email"
              autoComplete="username"
              autoFocus
              value={email}
              status={status('email')}
              aria-invalid={Boolean(errors['email'])}
              aria-describedby={describedBy('email')}
              onChange={(event) => setEmail(event.target.value)}
            />
          </Field>
          <Field id="login-password" label={t('login.password')} error={errors['password']}>
            <Input.Password
              id="login-password"
              autoComplete="current-password"
              value={password}
              status={status('password')}
              aria-invalid={Boolean(errors['password'])}
              aria-describedby={describedBy('password')}
              onChange={(event) => setPassword(event.target.value)}
              iconRender={(visible) => (visible ? <EyeOutlined aria-label={t('login.hide_password')} /> : <EyeInvisibleOutlined aria-label={t('login.show_password')} />)}
            />
          </Field>
          <SubmitButton loading={loading} block>
            {t('login.submit')}
          </SubmitButton>
        </form>
      </section>
    </Flex>
  );
}
