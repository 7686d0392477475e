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

export const MANAGER_ROUTES = [
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
  '/Administrator',
  '/Device',
  '/DownloadUser',
  '/CustomFields',
  '/CreateCustomField',
  '/CustomFieldDetail',
  '/CreateApiKey',
  '/APIKeys',
  '/UserProfile',
  '/PricingUser',
  '/ActivityLogs',
  '/PunchDetails',
  '/RollCall',
  '/PayRules',
  '/PayPeriods',
] as const;

export const PAGE_ROUTES: readonly string[] = [...PUBLIC_ROUTES, ...EMPLOYEE_ROUTES, ...MANAGER_ROUTES];

const patterns = PAGE_ROUTES.map(
  (route) => new RegExp(`^${route.replace(/:[a-z]+/gi, '[^/]+').replace(/\//g, '\\/')}\\/?$`, 'i'),
);

/** Whether a path is one of the app's pages, matched case-insensitively (/login and /Login are one page). */
export function isPageRoute(pathname: string): boolean {
  return pathname === '/' || patterns.some((p) => p.test(pathname));
}
