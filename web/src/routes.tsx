import type { UserType } from '@punchclock/contract';
import { lazy, Suspense, type ComponentType } from 'react';
import { Outlet, type RouteObject, useLocation } from 'react-router';
import { Page, PageLoader } from './components/Page';
import { RouteError } from './components/RouteError';
import { PublicLayout } from './layouts/PublicLayout';
import { fetchEarly } from './api/early';
import { RedirectIfLoggedIn, RequireRole, ToLogin } from './session/guards';
import { session, useSession } from './session/session';

/** A page's module: the screen, and what fills the query cache with its data on a first load (optional). */
type Loader = () => Promise<{ default: ComponentType; prefetch?: () => Promise<unknown> }>;

/** A page of the app: its title and its code (loaded on first visit); without code, a placeholder. */
interface PageDef {
  path: string;
  title: string;
  load: Loader;
  /** /Login and /SignUp send a visitor who is already logged in home. */
  guestOnly?: boolean;
  /** The GET calls the page opens with: on a first load they start with its code (see startFirstPage). */
  data?: readonly string[];
}

const PUBLIC_PAGES: PageDef[] = [
  { path: '/', title: 'Employee Time Tracking', load: () => import('./pages/public/Home') },
  { path: '/HowItWork', title: 'How it Works', load: () => import('./pages/public/HowItWorks') },
  { path: '/Pricing', title: 'Pricing', load: () => import('./pages/public/Pricing') },
  { path: '/SignUp', title: 'Sign Up', load: () => import('./pages/auth/SignUp'), guestOnly: true },
  { path: '/Login', title: 'Login', load: () => import('./pages/auth/Login'), guestOnly: true },
  { path: '/ForgetPassword', title: 'Forgot Password', load: () => import('./pages/auth/ForgetPassword') },
  { path: '/ResetPassword', title: 'Set a New Password', load: () => import('./pages/auth/ResetPassword') },
  { path: '/FAQS', title: 'FAQs', load: () => import('./pages/public/Faqs') },
  { path: '/Privacy', title: 'Privacy Policy', load: () => import('./pages/public/Privacy') },
  { path: '/TermServices', title: 'Terms of Service', load: () => import('./pages/public/TermServices') },
  { path: '/ContactPage', title: 'Contact Us', load: () => import('./pages/public/ContactPage') },
  { path: '/Download', title: 'Download', load: () => import('./pages/public/Download') },
];

/** The kiosk: full screen, outside every layout, so nothing on it leads to the rest of the site. */
const STATION_PAGE: PageDef = {
  path: '/Station',
  title: 'Time Station',
  load: () => import('./station/StationPage'),
};

const EMPLOYEE_PAGES: PageDef[] = [
  { path: '/HomeUser', title: 'Dashboard', load: () => import('./pages/employee/HomeUser') },
  { path: '/ActivityUser', title: 'Activity', load: () => import('./pages/punches/PunchDetails') },
  { path: '/ManualUserPunch', title: 'Manual Punch', load: () => import('./pages/punches/ManualUserPunch') },
  { path: '/UserReport', title: 'Reports', load: () => import('./pages/employee/UserReport') },
  { path: '/SupportUser', title: 'Support', load: () => import('./pages/support/SupportUser') },
  { path: '/PasswordSet', title: 'Change Password', load: () => import('./pages/employee/PasswordSet') },
  { path: '/UserProfileUser', title: 'Your Profile', load: () => import('./pages/account/ProfilePage') },
  { path: '/EmployeeQR', title: 'My QR Code', load: () => import('./pages/employee/EmployeeQR') },
  {
    path: '/EarningsModal',
    title: 'Earnings and Deductions',
    load: () => import('./pages/employee/EarningsPage'),
  },
];

// Spec §2.1 lists /Account_*, /Activity* and /HomeSecond as open; they show and change an
// account's data, so they sit behind the manager guard like the rest of §2.3.
const MANAGER_PAGES: PageDef[] = [
  {
    path: '/HomeSecond',
    title: 'Welcome',
    load: () => import('./pages/manager/HomeSecond'),
    data: ['/api/dashboard', '/api/get-user'],
  },
  { path: '/Employee', title: 'Employees', load: () => import('./pages/people/EmployeesPage') },
  { path: '/Employee/:id', title: 'Employee Details', load: () => import('./pages/people/EmployeeDetail') },
  {
    path: '/CreateNewEmployee',
    title: 'Create New Employee',
    load: () => import('./pages/people/CreateEmployee'),
  },
  {
    path: '/ImportEmployees',
    title: 'Import Employees',
    load: () => import('./pages/people/ImportEmployees'),
  },
  { path: '/EmployeeCard/:id', title: 'Employee Card', load: () => import('./pages/people/EmployeeCard') },
  { path: '/ManualPunch/:id', title: 'Manual Punch', load: () => import('./pages/punches/ManualPunch') },
  { path: '/Departments', title: 'Departments', load: () => import('./pages/departments/DepartmentsPage') },
  {
    path: '/CreateDepartment',
    title: 'Create Department',
    load: () => import('./pages/departments/CreateDepartment'),
  },
  {
    path: '/DepartmentsDetail',
    title: 'Departments',
    load: () => import('./pages/departments/DepartmentsPage'),
  },
  {
    path: '/Departments/:id',
    title: 'Department Details',
    load: () => import('./pages/departments/DepartmentDetail'),
  },
  { path: '/ReportSelector', title: 'Reports', load: () => import('./pages/reports/ReportSelector') },
  { path: '/RunReport', title: 'Run Report', load: () => import('./pages/reports/RunReport') },
  { path: '/attendance', title: 'Employee Attendance', load: () => import('./pages/reports/Attendance') },
  { path: '/Settings', title: 'Settings', load: () => import('./pages/settings/SettingsPage') },
  { path: '/Support', title: 'Support Center', load: () => import('./pages/support/SupportPage') },
  {
    path: '/Administrator',
    title: 'Administrators',
    load: () => import('./pages/account-admin/Administrators'),
  },
  { path: '/Device', title: 'Devices', load: () => import('./pages/devices/Devices') },
  { path: '/DownloadUser', title: 'Download the App', load: () => import('./pages/devices/DownloadUser') },
  { path: '/CustomFields', title: 'Custom Fields', load: () => import('./pages/fields/CustomFieldsPage') },
  {
    path: '/CreateCustomField',
    title: 'Create Custom Field',
    load: () => import('./pages/fields/CreateCustomField'),
  },
  // The old client's "Custom Filed" list showed the departments: it is the departments page.
  {
    path: '/CustomFieldDetail',
    title: 'Departments',
    load: () => import('./pages/departments/DepartmentsPage'),
  },
  { path: '/CreateApiKey', title: 'Create API Key', load: () => import('./pages/api-keys/CreateApiKey') },
  { path: '/APIKeys', title: 'API Keys', load: () => import('./pages/api-keys/ApiKeysPage') },
  { path: '/UserProfile', title: 'Your Profile', load: () => import('./pages/account/ProfilePage') },
  {
    path: '/Account_Setting',
    title: 'Account Settings',
    load: () => import('./pages/manager/AccountSetting'),
  },
  {
    path: '/Account_Employees',
    title: 'Set Up Employees',
    load: () => import('./pages/manager/AccountEmployees'),
  },
  {
    path: '/PricingUser',
    title: 'Upgrade Account',
    load: () => import('./pages/account-admin/PricingUser'),
  },
  { path: '/ActivityLogs', title: 'Activity Logs', load: () => import('./pages/activity/ActivityLogs') },
  { path: '/PunchDetails', title: 'Punch Details', load: () => import('./pages/punches/PunchDetails') },
  { path: '/RollCall', title: 'Roll Call', load: () => import('./pages/roll-call/RollCallPage') },
  { path: '/PayRules', title: 'Pay Rules', load: () => import('./pages/pay-rules/PayRulesPage') },
  { path: '/PayPeriods', title: 'Pay Periods', load: () => import('./pages/pay-periods/PayPeriodsPage') },
];

/**
 * Spec §2.1's /Activity and /ActivityDetail serve both kinds of account, each in its own layout: an employee
 * sees their own punches, a manager picks an employee.
 */
const EITHER_ROLE_PAGES: PageDef[] = [
  { path: '/Activity', title: 'Activity', load: () => import('./pages/employee/ActivityPage') },
  { path: '/ActivityDetail', title: 'Punch Details', load: () => import('./pages/employee/ActivityDetail') },
];

function toRoute({ path, title, load, guestOnly }: PageDef): RouteObject {
  const Screen = lazy(load);
  const screen = <Screen />;
  return {
    path,
    element: (
      <Page title={title}>{guestOnly ? <RedirectIfLoggedIn>{screen}</RedirectIfLoggedIn> : screen}</Page>
    ),
  };
}

const NotFound = lazy(() => import('./pages/public/NotFound'));
const loadManagerLayout = () => import('./layouts/ManagerLayout');
const loadEmployeeLayout = () => import('./layouts/EmployeeLayout');
const ManagerLayout = lazy(loadManagerLayout);
const EmployeeLayout = lazy(loadEmployeeLayout);

/**
 * A first load of a signed-in page starts its layout's code, its own code and the GET calls it opens with
 * together, as this module runs, instead of one after the other (the layout renders, then asks for the page,
 * which renders, then calls the API). `lazy` later finds the modules loaded; the API client takes the early
 * answers (api/early.ts), and the page module's `prefetch` puts them in the query cache as soon as it has loaded,
 * before the page renders.
 * Without a session, or for another kind of account, nothing starts: the guards send the visitor elsewhere.
 */
function startFirstPage(): void {
  if (typeof window === 'undefined') return;
  const { token, user } = session.get();
  if (!token || !user) return;
  const [pages, loadLayout] =
    user.user_type === 'employee' ? [EMPLOYEE_PAGES, loadEmployeeLayout] : [MANAGER_PAGES, loadManagerLayout];
  const path = window.location.pathname.toLowerCase();
  const page = pages.find((p) => p.path.toLowerCase() === path);
  if (!page) return;
  // A failed import is met again, and shown, when the route renders.
  loadLayout().catch(() => undefined);
  if (page.data) fetchEarly(page.data, token);
  page
    .load()
    .then((m) => m.prefetch?.())
    .catch(() => undefined);
}
startFirstPage();

/** The signed-in person's own layout (no token: /Login). */
function EitherRoleLayout() {
  const { token, user } = useSession();
  const here = useLocation();
  if (!token || !user) return <ToLogin from={here} />;
  return user.user_type === 'employee' ? <EmployeeLayout /> : <ManagerLayout />;
}

function signedInArea(role: UserType, Layout: ComponentType, pages: PageDef[]): RouteObject {
  return {
    element: <RequireRole role={role} />,
    children: [{ element: <Layout />, children: pages.map(toRoute) }],
  };
}

/**
 * Every page route (contract/src/routes.ts). React Router matches paths case-insensitively (no route sets
 * `caseSensitive`), so /login and /Login, /signup and /SignUp are one page each.
 */
export const routes: RouteObject[] = [
  {
    element: (
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    ),
    errorElement: <RouteError />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          ...PUBLIC_PAGES.map(toRoute),
          {
            path: '*',
            element: (
              <Page title="Page not found">
                <NotFound />
              </Page>
            ),
          },
        ],
      },
      toRoute(STATION_PAGE),
      { element: <EitherRoleLayout />, children: EITHER_ROLE_PAGES.map(toRoute) },
      signedInArea('employee', EmployeeLayout, EMPLOYEE_PAGES),
      signedInArea('user', ManagerLayout, MANAGER_PAGES),
    ],
  },
];
