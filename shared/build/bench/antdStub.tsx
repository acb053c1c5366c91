/**
 * Bench only: stands in for `antd` and `@ant-design/icons` in the floor build of e2e/bench/bundle.ts
 * (webpack alias under CRM_ANTD_STUB=1). Every name shared/src/ui takes from either package, as the
 * smallest component that still renders its children, so the floor's login page renders and the
 * difference to the real build is antd's own weight. Never part of a product build.
 */
import { createElement, type ReactNode } from 'react';

type StubProps = { children?: ReactNode; title?: ReactNode; label?: ReactNode; subTitle?: ReactNode; extra?: ReactNode };

/** A component that renders its children (and the title-like props antd would show) in one element. */
function stub(tag: 'div' | 'span' = 'div') {
  return function Stub({ children, title, label, subTitle, extra }: StubProps) {
    return createElement(tag, null, title, label, subTitle, children, extra);
  };
}

const noop = () => undefined;

// Components the UI module re-exports.
export const Alert = stub();
export const Avatar = stub('span');
export const Badge = stub('span');
export const Breadcrumb = stub();
export const Card = stub();
export const Checkbox = stub('span');
export const Col = stub();
export const DatePicker = stub('span');
export const Descriptions = stub();
export const Divider = stub();
export const Drawer = stub();
export const Dropdown = stub('span');
export const Flex = stub();
export const InputNumber = stub('span');
export const Menu = stub();
export const Pagination = stub();
export const Popconfirm = stub('span');
export const Popover = stub('span');
export const Progress = stub();
export const Radio = stub('span');
export const Result = stub();
export const Row = stub();
export const Select = stub('span');
export const Skeleton = stub();
export const Space = stub();
export const Spin = stub('span');
export const Statistic = stub();
export const Switch = stub('span');
export const Table = stub();
export const Tabs = stub();
export const Tag = stub('span');
export const Tooltip = stub('span');

// A real button and inputs, so the floor's login form is a form (the bench checks it rendered).
export function Button({ children, htmlType }: { children?: ReactNode; htmlType?: 'submit' | 'button' }) {
  return <button type={htmlType ?? 'button'}>{children}</button>;
}

function TextInput({ type }: { type?: string }) {
  return <input type={type ?? 'text'} />;
}
export const Input = Object.assign(TextInput, { Password: () => <input type="password" /> });

function StubForm({ children }: { children?: ReactNode }) {
  return <form onSubmit={(event) => event.preventDefault()}>{children}</form>;
}
export const Form = Object.assign(StubForm, { Item: stub() });

// The statics the product uses (Layout.Sider, Typography.Title, Modal.confirm …).
export const App = stub();
export const Layout = Object.assign(stub(), { Sider: stub(), Header: stub(), Content: stub() });
export const Typography = Object.assign(stub(), { Title: stub(), Text: stub('span') });
export const Modal = Object.assign(stub(), { confirm: () => ({ destroy: noop, update: noop }) });
// AppConfig sets antd's global configuration when the login module loads (the static dialogs' theme).
export const ConfigProvider = Object.assign(stub(), { config: noop });
export const Empty = Object.assign(stub(), { PRESENTED_IMAGE_SIMPLE: null });
export const List = Object.assign(stub(), { Item: stub() });
export const Grid = { useBreakpoint: (): Record<string, boolean> => ({}) };
export const theme = { useToken: () => ({ token: {} }), defaultAlgorithm: noop, darkAlgorithm: noop };

// The icons (from @ant-design/icons).
const icon = stub('span');
export const BarChartOutlined = icon;
export const BellOutlined = icon;
export const DashboardOutlined = icon;
export const DeleteOutlined = icon;
export const EditOutlined = icon;
export const EyeInvisibleOutlined = icon;
export const EyeOutlined = icon;
export const LogoutOutlined = icon;
export const MenuFoldOutlined = icon;
export const MenuUnfoldOutlined = icon;
export const QuestionCircleOutlined = icon;
export const ReloadOutlined = icon;
export const SearchOutlined = icon;
export const SendOutlined = icon;
export const SettingOutlined = icon;
export const StopOutlined = icon;
export const TeamOutlined = icon;
export const UserOutlined = icon;
export const ApartmentOutlined = icon;
export const ProfileOutlined = icon;
