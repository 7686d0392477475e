/** The browser storage keys of a signed-in session, named as the old client stored them. */
export const STORAGE_KEYS = {
  token: 'token',
  userId: 'user_id',
  userEmail: 'userEmail',
  employeeId: 'employee_id',
  empId: 'emp_id',
  username: 'username',
  userName: 'userName',
  user: 'user',
  employeeData: 'employeeData',
  punchData: 'punchData',
} as const;
