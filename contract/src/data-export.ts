/**
 * "Your data" (GET /api/export-pdf, GET /api/export-excel): the signed-in manager's account as a file, one
 * sheet (XLSX) or section (PDF) each, in this order.
 */
export const DATA_EXPORT_SHEETS = {
  profile: 'Profile',
  settings: 'Settings',
  departments: 'Departments',
  employees: 'Employees',
  rates: 'Pay Rates',
  punches: 'Punches',
} as const;

/** The file names the server sends and the page saves: user_data_{userId}.pdf / .xlsx. */
export const dataExportFileName = (userId: number | string, ext: 'pdf' | 'xlsx') =>
  `user_data_${userId}.${ext}`;
