/**
 * Every user-facing string, to the letter (docs/RULES.md#ui-strings).
 * Server and web both import from here so a message is written once.
 */
import { PRODUCT_NAME } from './brand';
import { loginMessages } from './login-messages';

export { NOTIFICATION_AUTO_CLOSE_MS, PRODUCT_NAME } from './brand';
export { loginMessages } from './login-messages';

export const messages = {
  login: loginMessages,
  logout: {
    success: 'Logged out successfully',
    busy: 'Logging out...',
  },
  registration: {
    passwordsMismatch: 'Passwords do not match!',
    termsRequired: 'You must agree to the terms and conditions!',
    failed: 'Registration failed',
    success: `Registration successful! Welcome to ${PRODUCT_NAME}`,
    emailTaken: 'An account with this email address already exists.',
    usernameTaken: 'This username is already taken.',
  },
  passwords: {
    newMismatch: 'New passwords do not match!',
    tooShort: 'Password must be at least 8 characters long',
    notLoggedIn: 'You are not logged in. Please login again.',
    changeFailed: 'Failed to change password',
    currentWrong: 'The current password is incorrect.',
    sameAsCurrent: 'The new password must differ from the current one.',
    changed: 'Password changed successfully!',
    resetMismatch: 'Passwords do not match.',
    resetFailed: 'Failed to reset password. Please try again.',
    updateError: 'An error occurred while updating password',
    updated: 'Password updated successfully!',
    resetSuccessRedirect: 'Password reset successfully! Redirecting...',
    forgotFailed: 'Failed to send password reset link',
    forgotSent: 'Password reset link sent',
    linkInvalid: 'This password link is invalid. Please request a new one.',
    linkExpired: 'This password link has expired. Please request a new one.',
    linkUsed: 'This password link has already been used. Please request a new one.',
  },
  employees: {
    loginToView: 'Please login to view employees',
    loginFirst: 'Please login first',
    fetchFailed: 'Failed to fetch employees',
    updated: 'Employee updated successfully',
    updateFailed: 'Failed to update employee',
    deleted: 'Employee deleted successfully',
    deleteFailed: 'Failed to delete employee',
    bulkDeleted: 'Selected employees deleted successfully',
    bulkDeleteFailed: (message: string) => `Failed to delete selected employees: ${message}`,
    created: 'Employee created successfully!',
    createFailed: 'Failed to create employee',
    noData: 'No employee data available.',
    imported: 'File successfully imported',
    uploadFailed: 'Failed to upload data',
    fetchUploadedFailed: 'Failed to fetch uploaded employees',
    notFound: 'Employee not found',
    noFile: 'No file selected',
    loading: 'Loading employees...',
    empty: 'No employees found',
    addFirst: 'Add Your First Employee',
    noneSetup: 'No Employees are currently setup',
    creating: 'Creating  Employee...',
    confirmDelete: 'Are you sure you want to delete this employee?',
    confirmBulkDelete: 'Are you sure you want to delete the selected employees?',
    unknownDepartment: 'Unknown Department',
    rateFromFuture: 'A new rate cannot start after today.',
    rateEffectiveFrom: 'New rate paid from',
    rateEffectiveHint: 'Hours worked before this day keep the rate they were worked at.',
    rateCurrentFrom: 'Current rate paid from',
    rateCurrentHint: 'Correct the day this rate started: days before it are paid at the rate before.',
    rateHistory: 'Pay Rate History',
    rateBefore: (day: string) => `Before ${day}`,
    rateCorrected: 'Hourly rate corrected',
    rateCorrectHint: "A deleted employee's days are still paid and reported: correct their rate here.",
  },
  departments: {
    created: 'Department created successfully',
    updated: 'Department updated successfully',
    deleted: 'Department deleted successfully',
    bulkDeleted: 'Selected departments deleted successfully',
    updateFailed: 'Failed to update department',
    error: (message: string) => `Error: ${message}`,
    noneForUser: 'No departments found for current user',
    notAuthenticated: 'User not authenticated',
    empty: 'No departments found',
    loginToView: 'Please login to view departments',
    confirmDelete: 'Are you sure you want to delete this department?',
    confirmBulkDelete: 'Are you sure you want to delete the selected departments?',
  },
  settings: {
    saved: 'Settings saved successfully!',
    loaded: 'Saved Changes!',
    loginToAccess: 'Please login to access settings',
    saving: 'Saving...',
    badTimeZone: 'Time zone must be an IANA time zone such as America/New_York.',
  },
  reports: {
    selectReport: 'Please select a report.',
    noRecords: 'No records found.',
    fetchError: 'Error fetching data. Please try again.',
    noData: 'No data available',
    emptyCell: 'N/A',
    unknownReport: 'This report does not exist. Please select a report.',
    startAfterEnd: 'Start date must be on or before end date.',
    rangeTooLong: (days: number) => `Choose a period of at most ${days} days.`,
    paramRequired: (label: string) => `${label} is required for this report.`,
    /**
     * An employee asked for a report of the manager's list (the old client had none: an employee had only
     * their four).
     */
    notForEmployees: (names: readonly string[]) =>
      `This report is for managers. You can run: ${names.join(', ')}.`,
    accountWide: 'This report covers the whole account. Ask an administrator with full access.',
  },
  customFields: {
    requiredFields: 'Please enter all required fields.',
    noUserId: 'No user ID found. Please log in.',
    createError: (message: string) => `Error creating field: ${message}`,
    fetchFailed: (message: string) => `Failed to fetch fields: ${message}`,
    deleteError: (message: string) => `Error deleting field: ${message}`,
    empty: 'No Custom Fields',
    confirmDelete: 'Are you sure you want to delete this field?',
  },
  apiKeys: {
    createFailed: 'Failed to create API Key. Please try again.',
    createError: 'An error occurred while creating the API Key.',
    fetchFailed: 'Failed to fetch API keys',
    deleteFailed: 'Failed to delete API key',
    updateFailed: 'Failed to update API key',
    nameEmpty: 'Key name cannot be empty',
    created: 'API Key created successfully!',
    deleted: 'API Key deleted successfully',
    updated: 'API Key updated successfully',
    /** Our own (the old client had none): a typed value that another key already has. */
    valueTaken: 'This key value is already in use. Generate a new one.',
    notFound: 'API key not found.',
    /** What an integration call is told when its X-API-Key is missing, unknown or deleted. */
    invalid: 'The API key is missing, invalid or deleted.',
    scopeMissing: (scope: string) => `This API key does not have the ${scope} scope.`,
    confirmDelete:
      'Are you sure you want to delete this API key? Integrations using it stop working at once.',
  },
  qr: {
    failed: 'Failed to generate QR code.',
    noToken: 'No authentication token found.',
    noUserId: 'No user ID found in local storage.',
    error: 'An error occurred.',
    generateError: 'Error generating QR code.',
    generated: 'QR code generated successfully!',
    empty: 'No QR Code available. Please try again.',
  },
  profile: {
    selectImage: 'Please select an image to upload.',
    userIdMissing: 'User ID is missing. Please log in again.',
    uploadError: 'An error occurred while uploading.',
    uploadFailed: 'Failed to upload profile picture.',
    uploaded: 'Profile picture uploaded successfully!',
    notImage: 'The file must be a PNG, JPEG, GIF or WebP image.',
    tooLarge: 'The image must be 2 MB or smaller.',
    noToken: 'No authentication token found',
    noData: 'No data received from server',
    imageUnavailable: 'Profile image not available.',
    imageLoadFailed: 'Failed to load profile image.',
  },
  deductions: {
    noEmployeeId: 'Employee ID not found in localStorage.',
    fetchFailed: 'Failed to fetch data.',
  },
  export: {
    pdfDone: 'PDF exported successfully!',
    excelDone: 'Excel exported successfully!',
    pdfFailed: 'Failed to export PDF. Please try again.',
    excelFailed: 'Failed to export Excel. Please try again.',
    logsFailed: 'Failed to export logs. Please try again.',
    csvDone: 'CSV downloaded successfully.',
    /** Our own (the old client had no CSV failure text); worded like the PDF and Excel ones. */
    csvFailed: 'Failed to export CSV. Please try again.',
  },
  faq: {
    fetchDataFailed: 'Failed to fetch FAQ data',
    fetchFailed: 'Failed to fetch FAQs.',
    createFailed: 'Failed to create FAQ.',
    updateFailed: 'Failed to update FAQ.',
    deleteFailed: 'Failed to delete FAQ.',
    /** Our own (the old client had no FAQ success or empty texts); worded like the other screens'. */
    created: 'FAQ created successfully.',
    updated: 'FAQ updated successfully.',
    deleted: 'FAQ deleted successfully.',
    notFound: 'FAQ not found.',
    tooMany: (max: number) => `An account can keep at most ${max} FAQs. Delete some before adding more.`,
    confirmDelete: 'Are you sure you want to delete this FAQ?',
    empty: 'No FAQs yet.',
    emptyEmployee: 'Your manager has not added any FAQs yet. Please ask your manager for help.',
    noMatch: 'No FAQs match your search.',
  },
  punches: {
    lockedHint: 'In an approved pay period: it cannot be edited or deleted unless the period is reopened.',
    timeOutAfterIn: 'Time Out must be after Time In.',
    timeOutRequired: 'Time Out is required.',
    nextDayTooLong:
      'A shift that ends the next day cannot be longer than 24 hours: its Time Out must not be after its Time In.',
    dataNotFound: 'Manual punch data not found !!!!',
    fetchFailed: 'Failed to fetch punch data',
    noData: 'No punch data available',
    createFailed: 'Failed to create punch',
    createError: 'Error creating punch. Please try again.',
    noEmployeeIdentifier: 'No employee identifier found.',
    noActivity: "This Employee doesn't have any punch activity yet",
    created: 'Punch created successfully.',
    updated: 'Punch updated successfully.',
    deleted: 'Punch deleted successfully.',
    overlaps: 'This punch overlaps another punch of this employee.',
    inFuture: 'A punch cannot end in the future.',
    deviceInFuture: "The punch time is in the future: check the station's clock.",
    tooOld: 'The punch is more than 31 days old and was not recorded. Ask a manager to add it by hand.',
    attendanceOnly: 'Lunch and Break punches need time tracking: this account records attendance only.',
    notAllowedCreate: 'You are not allowed to create time entries.',
    notAllowedEdit: 'You are not allowed to edit time entries.',
  },
  conflicts: {
    fixed: 'Marked as fixed.',
    notFound: 'This punch is not among the punches that need attention.',
    accepted: 'Punch accepted.',
    alreadyDealtWith:
      'This punch was already dealt with (accepted or marked fixed): it is no longer among the punches that need attention.',
    employeeUnknown:
      'This punch names no employee of the account (unknown Employee ID or badge): enter it by hand on the right employee.',
    employeeDeleted: 'The employee of this punch was deleted: a punch cannot be added for them.',
    notAPunch: 'This entry does not hold a clock-in or clock-out with its time: it cannot be accepted.',
  },
  clock: {
    invalidEmployeeId: 'Please enter a valid Employee ID.',
    alreadyClockedInServer: 'Employee already clocked in without clocking out.',
    alreadyClockedIn: 'Employee already clocked in. Please clock out first.',
    validateFailed: 'Failed to validate Employee ID. Please try again.',
    clockInFailed: 'Failed to clock in. Please try again.',
    clockOutFailed: 'Failed to clock out. Please try again.',
    clockedIn: 'Clocked in successfully.',
    clockedOut: 'Clocked out successfully.',
    notClockedIn: 'Employee is not clocked in.',
    shiftTooLong:
      'This clock-in is more than 24 hours old, so a clock-out cannot close it. Please ask your manager to set its Time Out.',
    clientIdTaken: "This punch's id is already used by another employee's punch. Please punch again.",
    badgeInvalid: 'This badge is not valid. Please use your current badge or type your Employee ID.',
    notAllowed: 'This employee is not allowed to punch in and out. Please ask your manager.',
    selfNotAllowed:
      'You are not allowed to punch in and out from the website. Please use a time station or ask your manager.',
    selfOnly: 'You can only clock yourself in and out.',
    pinRequired: 'Please enter your PIN.',
    pinWrong: 'Wrong PIN. Please try again.',
    pinLocked: 'Too many wrong PINs. Please wait 15 minutes or ask your manager.',
    locationRequired: 'Location is required to punch in or out. Please allow location access.',
    screeningRequired: 'Please answer the health screening questions to clock in.',
    employeeChecked: 'Employee found.',
    stationRevoked: 'This time station has been revoked. Please pair it again.',
    pairingInvalid: 'This pairing code is not valid or has expired. Please ask your manager for a new one.',
    /** The reason a manager reads on a punch a revoked pairing could not send, handed over by the tablet's new one. */
    madeBeforeRevoke:
      'Made on this time station before it was revoked, and not sent then: nothing was recorded. Enter it by hand if it is right.',
    revokedPairingUnknown: 'No revoked pairing of this account matches.',
    // A station's clock and revocations while it is offline (docs/RULES.md#station-clock, #revocations-while-offline)
    deviceClockOff:
      "This station's clock is more than 31 days off. Please set the tablet's date and time, then sync again.",
    badgeReplacedBefore:
      'Made with a badge that was replaced before this punch: nothing was recorded. Enter it by hand if it is right.',
    deletedBefore:
      'Made after this employee was deleted: nothing was recorded. Enter it by hand if it is right.',
    appLoginRemovedBefore:
      "Made after this employee's App Login was removed: nothing was recorded. Enter it by hand if it is right.",
    madeAfterRevoke:
      'Made on this time station after it was revoked: nothing was recorded. Enter it by hand if it is right.',
    unsentApplied: (applied: number, listed: number) =>
      `${applied} punch${applied === 1 ? '' : 'es'} made before this station was revoked ${applied === 1 ? 'was' : 'were'} recorded` +
      (listed ? `; ${listed} handed to your manager.` : '.'),
    clockOff: (by: string) => `This station's clock is ${by}. Set its date and time.`,
    clockCorrected: (by: string) => `Time corrected: the station's clock was ${by}.`,
    breakStarted: 'Break started.',
    breakEnded: 'Break ended.',
    breakNoShift: 'Please clock in before starting a break.',
    breakAlreadyOpen: 'A break is already started. Please end it first.',
    breakNotOpen: 'No break is started.',
    breakStartFailed: 'Failed to start the break. Please try again.',
    breakEndFailed: 'Failed to end the break. Please try again.',
    unsentHandedOver: (n: number) =>
      n === 1
        ? '1 punch made before this station was revoked was handed to your manager.'
        : `${n} punches made before this station was revoked were handed to your manager.`,
  },
  people: {
    departmentNotFound: 'Department not found.',
    employeeIdTaken: 'Another employee of this account already has this Employee ID.',
    emailTaken: 'Another employee of this account already has this email.',
    loginEmailTaken: 'This email already has a Punchclock login. Use another email for site access.',
    departmentNameTaken: 'A department with this name already exists.',
    departmentHasMembers: (n: number) =>
      `This department still has ${n} employee${n === 1 ? '' : 's'}. Move them to another department before deleting it.`,
    moveTargetInvalid: 'Choose another existing department to move the employees to.',
    fieldNotFound: 'Custom field not found.',
    fieldNameTaken: 'A custom field with this name already exists.',
    fieldNameReserved: (name: string) =>
      `${name} is an employee field already (as an import column too): choose another name.`,
    fieldValueTaken: (field: string) =>
      `Another employee already has this ${field}, and ${field} does not allow duplicates.`,
    fieldNotNumber: (field: string) => `${field} must be a number.`,
    fieldNotDate: (field: string) =>
      `${field} must be a date in the form YYYY-MM-DD, from 1900-01-01 to 9998-12-31.`,
    fieldHasDuplicates: (field: string) =>
      `Some employees share the same ${field}; remove the duplicates before turning off Allow Duplicates.`,
    fieldTypeMismatch: (field: string, type: string) =>
      `Some values of ${field} are not a valid ${type}; fix them before changing the type.`,
    noIds: 'Choose at least one item.',
    someNotFound: 'Some of the selected items were not found. Nothing was deleted.',
    badgeRegenerated: 'A new badge was made. Cards printed before no longer work.',
    qrGenerated: 'QR code generated successfully!',
    invited: (email: string) => `A set-password email was sent to ${email}.`,
    importTooLarge: 'The file is larger than 10 MB. Split it into smaller files.',
    importNotSpreadsheet: 'The file is not a readable .xlsx, .xls or .csv spreadsheet.',
    importMissingColumn: (column: string) =>
      `The file has no '${column}' column. Download the template and keep its header row.`,
    importEmpty: 'The file has no employee rows under its header row.',
    importTooManyRows: (max: number) => `The file has more than ${max} rows. Split it into smaller files.`,
    importRepeated: (field: string) => `This ${field} is already on an earlier row of the file.`,
    importValueRepeated: (field: string) =>
      `This ${field} is already on an earlier row of the file, and ${field} does not allow duplicates.`,
    noCardsToPrint: 'No current employee to print a card for.',
    printCardsFailed: 'Failed to print the cards.',
    tooManyCards: (max: number) =>
      `At most ${max} cards can be printed at once: choose employees or a department.`,
    importIgnoredColumns: (columns: string[]) =>
      `${columns.length === 1 ? 'This column is' : 'These columns are'} not imported (no employee field or custom field has ${columns.length === 1 ? 'its name' : 'their names'}): ${columns.map((c) => `“${c}”`).join(', ')}.`,
    importNothingValid: 'No row of the file can be imported. Fix the rows listed and upload it again.',
    importPreview: (valid: number, bad: number) =>
      `${valid} row${valid === 1 ? '' : 's'} can be imported; ${bad} row${bad === 1 ? ' has' : 's have'} problems.`,
    siteAccessDenied: 'Your employer has not given you access to this site.',
  },
  account: {
    planChanged: (plan: string) => `Your account is now on the ${plan}.`,
    planTooSmall: (plan: string, seats: number, administrators: number) =>
      `The ${plan} allows ${seats} administrator${seats === 1 ? '' : 's'} and this account has ${administrators}. Remove administrators first, then change the plan.`,
    noPayment:
      'This version takes no payment: changing the plan changes its limits at once, and nothing is charged.',
    seatsFull: (plan: string, seats: number) =>
      `The ${plan} allows ${seats} administrator${seats === 1 ? '' : 's'}. Upgrade the plan to invite more.`,
    adminInvited: (email: string) => `Invitation sent to ${email}.`,
    adminRemoved: 'Administrator removed.',
    adminEmailTaken: 'This email already has a Punchclock login. Invite another email.',
    adminNotFound: 'Administrator not found.',
    ownerCannotBeRemoved: 'The account owner cannot be removed.',
    ownerKeepsFullAccess: 'The account owner always has full access.',
    adminAccessChanged: 'Administrator access updated.',
    adminDepartmentNotFound: 'Choose departments of this account.',
    scopedCannotImport:
      'Importing can create departments, so it needs full access. Ask an administrator with full access.',
  },
  payRules: {
    unknownPreset: (presets: readonly string[]) => `Preset must be one of: ${presets.join(', ')}.`,
    minutes: (field: string) =>
      `${field} must be a whole number of minutes from 0 to 10080 (a week), or null where it may be off.`,
    multiplier: (field: string) => `${field} must be a number from 1 to 10 with at most 3 decimals.`,
    boolean: (field: string) => `${field} must be true or false.`,
    doubleBelowOvertime:
      'The double-time threshold (daily_double_after) must not be below the overtime threshold (daily_overtime_after).',
    doubleMultiplierBelow: 'The double-time multiplier must not be below the overtime multiplier.',
    autoBreakShape: 'Each automatic break must be an object with after_minutes and break_minutes only.',
    autoBreaksTooMany: (max: number) => `At most ${max} automatic breaks.`,
    unknownFields: (fields: readonly string[], known: readonly string[]) =>
      `Unknown rule field${fields.length === 1 ? '' : 's'}: ${fields.join(', ')}. Rules have: ${known.join(', ')}.`,
    overridesShape: 'overrides must be an object of rule fields.',
    bodyUnknownFields: (fields: readonly string[]) =>
      `Only effective_from, preset and overrides are taken, not ${fields.join(', ')}.`,
    bodyShape: 'The body must be an object with effective_from, preset and optional overrides.',
  },
  payRulesApi: {
    set: (preset: string, from: string) => `Pay rules set to ${preset} from ${from}.`,
    replaced: (preset: string) => `It replaces the ${preset} rules saved for that day.`,
    previewUnknownFields: (fields: readonly string[]) =>
      `Only effective_from, preset, overrides, start_date and end_date are taken, not ${fields.join(', ')}.`,
    previewShape:
      'The body must be an object with effective_from, preset, optional overrides, start_date and end_date.',
    noOwnDays: "Only an employee has days of their own: managers open an employee's day.",
  },
  schedules: {
    time: (day: string, field: string) => `${day} ${field} must be a time HH:MM (00:00 to 23:59).`,
    endAfterStart: (day: string) =>
      `${day}: the end must be after the start on the same day. A schedule over midnight is not taken: end it at 23:59 and start the next day at 00:00.`,
    dayShape: (day: string) => `${day} must be {start, end} or null for a day off.`,
    unknownDays: (names: readonly string[], known: readonly string[]) =>
      `Unknown weekday${names.length === 1 ? '' : 's'}: ${names.join(', ')}. Days are: ${known.join(', ')}.`,
    daysShape: (known: readonly string[]) =>
      `days must be an object with every weekday (${known.join(', ')}), each {start, end} or null.`,
    department: 'department_id must be the id of one of your departments.',
    bodyShape: 'The body must be an object with department_id and days.',
    employeeBodyShape: 'The body must be an object with days (null clears the override).',
    departmentNotFound: 'Department not found.',
    saved: (name: string) => `Schedule of ${name} saved.`,
    employeeSaved: (name: string) => `Schedule of ${name} saved.`,
    employeeCleared: (name: string) => `${name} now follows the department's schedule.`,
  },
  payPeriods: {
    settingsSaved: 'Pay period settings saved. They apply from the first day after the last approved period.',
    locked: (start: string, end: string) =>
      `The pay period ${start} to ${end} is approved and locked: nothing in it can be changed. Reopen it first.`,
    notFound: (start: string) => `No pay period starts on ${start}.`,
    notEnded: (end: string) => `This pay period has not ended: it can be approved from the day after ${end}.`,
    alreadyApproved: 'This pay period is already approved.',
    notApproved: 'This pay period is not approved.',
    needsAttention: (n: number) =>
      `This pay period cannot be approved yet: ${n} item${n === 1 ? '' : 's'} need${n === 1 ? 's' : ''} attention first.`,
    openShift: (since: string) => `Still clocked in since ${since}: clock out first.`,
    forgottenShift: (since: string) => `Forgotten clock-out: clocked in since ${since}.`,
    setAsideShift: (since: string) =>
      `Forgotten clock-out of ${since}: the employee's answer waits for a decision in Punch issues (Accept, Dismiss or Fix).`,
    approved: (start: string, end: string) => `Pay period ${start} to ${end} approved.`,
    reopened: (start: string, end: string) => `Pay period ${start} to ${end} reopened.`,
    reviewed: (start: string, end: string) => `Your departments are marked reviewed for ${start} to ${end}.`,
    noDepartments: 'Only an administrator of chosen departments marks them reviewed.',
    rangeTooLong: (max: number) => `List at most ${max} days of pay periods at a time.`,
    rateLocked: (start: string, end: string) =>
      `The rate would change the pay of the approved pay period ${start} to ${end}. Reopen it first, or choose a later day.`,
    rulesLocked: (start: string, end: string) =>
      `These pay rules would change the pay of the approved pay period ${start} to ${end}. Reopen it first, or choose a later day.`,
  },
  /** Employees confirm their timesheet (docs/RULES.md#pay-periods). */
  confirmations: {
    settingSaved: (on: boolean) =>
      on
        ? 'Employees now confirm their timesheet for each pay period.'
        : 'Employees no longer confirm their timesheet.',
    off: 'Your company does not ask employees to confirm their timesheet.',
    employeesOnly: 'Only an employee confirms their own timesheet.',
    notStarted: (start: string) =>
      `The pay period starting ${start} has not started yet: it cannot be confirmed.`,
    confirmed: (start: string, end: string) => `Your timesheet for ${start} to ${end} is confirmed.`,
    optionLabel: 'Employees confirm their timesheet',
    optionHint:
      'Each employee sees their days of the pay period and confirms them. Approval does not wait for it.',
    confirmButton: 'Confirm timesheet',
    confirmedOn: (when: string) => `Confirmed ${when}`,
    notConfirmed: 'Not confirmed yet',
    cardTitle: 'My timesheet',
    noDays: 'No punches in this pay period.',
    countOf: (n: number, of: number) => `${n} of ${of} confirmed`,
  },
  forgotten: {
    question: (weekday: string) => `You did not clock out on ${weekday}. When did you leave?`,
    skip: 'Skip',
    send: 'Send',
    leftAt: 'I left at',
    mailSubject: 'You did not clock out',
    mailText: (name: string, since: string) =>
      `Hello ${name},\n\nyou clocked in at ${since} and did not clock out. Your next punch at a time station will ask when you left; your manager then checks the time.\n\nPunchclock`,
    answered: 'Thank you. Your manager will check the time you left. You can clock in now.',
    skipped: 'Your manager will fix the time you left. You can clock in now.',
    savedOffline:
      'No connection: your answer is saved and sent when this station is back online. You can clock in now.',
    setAside:
      'Forgotten clock-out set aside at the next punch: closed at its clock-in (0 minutes) until a manager fixes it.',
    nothingToAccept: 'The employee skipped the question: fix the clock-out by hand.',
    noShift: 'This is not your forgotten clock-out.',
    beforeClockIn: 'The time you left must be after your clock-in.',
    inFuture: 'The time you left cannot be in the future.',
    tooLate: (latest: string) => `The time you left must be no later than ${latest}.`,
    notFound: 'No answer about a forgotten clock-out with this id.',
    alreadyDecided: 'This answer was already accepted or dismissed.',
    shiftClosed: 'The shift is no longer open: it was fixed another way.',
    accepted: 'The clock-out was accepted: the shift is closed at the time the employee gave.',
    dismissed: 'The answer was dismissed: fix the clock-out by hand.',
  },
  general: {
    noLogs: 'No activity logs found.',
    noLogsRow: 'No activity logs available.',
    notAuthenticated: 'User is not authenticated. Please log in.',
    serverError: 'Server error occurred.',
    changedMeanwhile: 'This was changed at the same moment by another request. Please check and try again.',
    networkError: 'Network error. Please check your connection.',
    genericError: 'An error occurred. Please try again.',
    unauthorized: loginMessages.sessionEnded,
    forbidden: 'You do not have permission to do that.',
    notFound: 'Not found.',
    badInput: 'Some fields are missing or invalid.',
    malformedJson: 'The request body is not valid JSON.',
    malformedUpload: 'The upload is not a complete multipart form. Please choose the file and send it again.',
    tooLarge: 'The request is too large.',
    tooManyRequests: 'Too many requests. Please slow down and try again shortly.',
    badCursor: 'The page cursor is not valid. Start again from the first page.',
    loadMore: 'Load more',
  },
} as const;

export const SIGNUP_REDIRECT_MS = 2000;
export const LOGOUT_REDIRECT_MS = 1000;
export const RESET_REDIRECT_MS = 3000;
