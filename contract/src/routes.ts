/**
 * The web app's page routes (docs/RULES.md#page-routes). The server answers 200 with the web app for these
 * (any letter case), 404 otherwise.
 */
export const PUBLIC_ROUTES = [
  '/',
  '/HowItWork',
  '/Pricing',
  '/signup',
  '/SignUp',
  '/Login',
  '/login',
  '/ForgetPassword',
  '/ResetPassword',
  '/FAQS',
  '/Privacy',
  '/TermServices',
  '/ContactPage',
  '/Download',
  '/EarningsModal',
  '/EmployeeQR',
  '/Account_Employees',
  '/Account_Setting',
  '/Activity',
  '/ActivityDetail',
  '/Station',
] as const;

export const EMPLOYEE_ROUTES = [
  '/HomeUser',
  '/ActivityUser',
  '/ManualUserPunch',
  '/UserReport',
  '/SupportUser',
  '/PasswordSet',
  '/UserProfileUser',
] as const;

/** The pages reached from Settings: the manager's menu keeps Settings marked while one of them is open. */
export const SETTINGS_ROUTES = [
  '/Administrator',
  '/Device',
  '/DownloadUser',
  '/CustomFields',
  '/CreateCustomField',
  '/CustomFieldDetail',
  '/APIKeys',
  '/CreateApiKey',
  '/PricingUser',
  '/ActivityLogs',
  '/PayRules',
  '/PayPeriods',
] as const;

export const MANAGER_ROUTES = [
  ...SETTINGS_ROUTES,
  '/HomeSecond',
  '/Employee',
  '/Employee/:id',
  '/CreateNewEmployee',
  '/ImportEmployees',
  '/EmployeeCard/:id',
  '/ManualPunch/:id',
  '/Departments',
  '/CreateDepartment',
  '/DepartmentsDetail',
  '/Departments/:id',
  '/ReportSelector',
  '/RunReport',
  '/attendance',
  '/Settings',
  '/Support',
  '/UserProfile',
  '/PunchDetails',
  '/RollCall',
] as const;

export const PAGE_ROUTES: readonly string[] = [...PUBLIC_ROUTES, ...EMPLOYEE_ROUTES, ...MANAGER_ROUTES];

const patterns = PAGE_ROUTES.map(
  (route) => new RegExp(`^${route.replace(/:[a-z]+/gi, '[^/]+').replace(/\//g, '\\/')}\\/?$`, 'i'),
);

/** Whether a path is one of the app's pages, matched case-insensitively (/login and /Login are one page). */
export function isPageRoute(pathname: string): boolean {
  return pathname === '/' || patterns.some((p) => p.test(pathname));
}
