import {
  type ColumnDefinitionBuilder,
  type CreateTableBuilder,
  type Kysely,
  PostgresAdapter,
  sql,
} from 'kysely';

/*
 * Every table of the first version. Dialect-neutral on purpose: booleans are INTEGER 0/1 and instants are
 * ISO-8601 UTC text in both SQLite and PostgreSQL, so the same queries and comparisons run on both.
 * Money is integer cents. Every account table carries account_id and is indexed by it.
 */

type Db = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** A table with its serial id on either database (later migrations take it from here too). */
export function table(db: Db, name: string): CreateTableBuilder<string, 'id'> {
  const id = (c: ColumnDefinitionBuilder) => c.primaryKey();
  return isPostgres(db)
    ? db.schema.createTable(name).addColumn('id', 'serial', id)
    : db.schema.createTable(name).addColumn('id', 'integer', (c) => id(c).autoIncrement());
}

const bool = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);
export const ref =
  (target: string, onDelete: 'cascade' | 'restrict' | 'set null' = 'cascade') =>
  (c: ColumnDefinitionBuilder) =>
    c.references(target).onDelete(onDelete);

export async function up(db: Db): Promise<void> {
  await table(db, 'accounts')
    .addColumn('company_name', 'text', (c) => c.notNull())
    .addColumn('plan', 'text', (c) => c.notNull().defaultTo('basic'))
    .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('UTC'))
    // The owner's users.id: the API's user_id fields on account rows name it. No FK (set after the user row).
    .addColumn('owner_user_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await table(db, 'departments')
    .addColumn('account_id', 'integer', (c) => ref('accounts.id')(c).notNull())
    .addColumn('dp_name', 'text', (c) => c.notNull())
    .addColumn('dp_type', 'text', (c) => c.notNull().defaultTo('Department'))
    .addColumn('exclude_from_reports', 'integer', bool)
    .addColumn('use_company_settings', 'integer', bool)
    .addColumn('assign_to_all_employees', 'integer', bool)
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('departments_account_name')
    .unique()
    .on('departments')
    .columns(['account_id', 'dp_name'])
    .execute();

  await table(db, 'import_batches')
    .addColumn('account_id', 'integer', (c) => ref('accounts.id')(c).notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('row_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('import_batches_account')
    .on('import_batches')
    .columns(['account_id', 'created_at'])
    .execute();

  await table(db, 'employees')
    .addColumn('account_id', 'integer', (c) => ref('accounts.id')(c).notNull())
    .addColumn('department_id', 'integer', (c) => ref('departments.id', 'restrict')(c).notNull())
    .addColumn('employee_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('title', 'text')
    .addColumn('email', 'text')
    .addColumn('hourly_rate_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pin', 'text')
    .addColumn('permission_app', 'integer', bool)
    .addColumn('permission_site', 'integer', bool)
    .addColumn('email_notification', 'integer', bool)
    .addColumn('send_check_in_notification', 'integer', bool)
    .addColumn('send_check_out_notification', 'integer', bool)
    .addColumn('solo_mode', 'integer', bool)
    .addColumn('use_card_or_pin', 'integer', bool)
    .addColumn('allow_other_employees', 'integer', bool)
    .addColumn('create_time_entries', 'integer', bool)
    .addColumn('edit_time_entries', 'integer', bool)
    .addColumn('punch_in_out', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('run_reports', 'integer', bool)
    .addColumn('view_gps_location', 'integer', bool)
    .addColumn('view_pay_information', 'integer', bool)
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    // Bumped when a badge is regenerated, which invalidates every badge token signed before.
    .addColumn('badge_version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('import_batch_id', 'integer', ref('import_batches.id', 'set null'))
    .addColumn('deleted_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // Employee IDs and e-mails are unique among the account's current (not deleted) employees.
  await db.schema
    .createIndex('employees_account_code')
    .unique()
    .on('employees')
    .columns(['account_id', 'employee_id'])
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('employees_account_email')
    .unique()
    .on('employees')
    .columns(['account_id', 'email'])
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('employees_account_department')
    .on('employees')
    .columns(['account_id', 'department_id'])
    .execute();
  await db.schema
    .createIndex('employees_account_name')
    .on('employees')
    .columns(['account_id', 'name'])
    .execute();
  await db.schema.createIndex('employees_import_batch').on('employees').column('import_batch_id').execute();

  await table(db, 'users')
    .addColumn('account_id', 'integer', (c) => ref('accounts.id')(c).notNull())
    .addColumn('user_type', 'text', (c) => c.notNull())
    .addColumn('employee_ref', 'integer', ref('employees.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone_number', 'text')
    .addColumn('date_of_birth', 'text')
    .addColumn('password_hash', 'text')
    .addColumn('profile_image', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_email').unique().on('users').column('email').execute();
  await db.schema.createIndex('users_username').unique().on('users').column('username').execute();
  await db.schema.createIndex('users_account').on('users').column('account_id').execute();
  await db.schema.createIndex('users_employee').unique().on('users').column('employee_ref').execute();

  await table(db, 'auth_tokens')
    .addColumn('user_id', 'integer', (c) => ref('users.id')(c).notNull())
    .addColumn('account_id', 'integer', (c) => ref('accounts.id')(c).notNull())
    // 'access' (login session) or 'password' (the one-time token inside a signed password link).
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('auth_tokens_hash').unique().on('auth_tokens').column('token_hash').execute();
  await db.schema.createIndex('auth_tokens_user').on('auth_tokens').columns(['user_id', 'kind']).execute();

  await table(db, 'settings')
    .addColumn('account_id', 'integer', (c) => ref('accounts.id')(c).notNull())
    .addColumn('company_name', 'text', (c) => c.notNull())
    .addColumn('attendance_mode', 'text', (c) => c.notNull().defaultTo('Attendance and Time Tracking'))
    .addColumn('enable_gps_tracking', 'integer', bool)
    .addColumn('require_location', 'integer', bool)
    .addColumn('enable_covid_screening', 'integer', bool)
    .addColumn('time_rounding', 'text')
    .addColumn('display_round_in_out_times', 'integer', bool)
    .addColumn('date_format', 'text', (c) => c.notNull().defaultTo('MM/DD/YY'))
    .addColumn('time_format', 'text', (c) => c.notNull().defaultTo('12 Hours (AM/PM)'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('settings_account').unique().on('settings').column('account_id').execute();

  await table(db, 'custom_fields')
    .addColumn('account_id', 'integer', (c) => ref('accounts.id')(c).notNull())
    .addColumn('field_name', 'text', (c) => c.notNull())
    .addColumn('field_type', 'text', (c) => c.notNull())
    .addColumn('allow_duplicates', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('custom_fields_account_name')
    .unique()
    .on('custom_fields')
    .columns(['account_id', 'field_name'])
    .execute();

  await table(db, 'custom_field_values')
    .addColumn('account_id', 'integer', (c) => ref('accounts.id')(c).notNull())
    .addColumn('field_id', 'integer', (c) => ref('custom_fields.id')(c).notNull())
    .addColumn('employee_ref', 'integer', (c) => ref('employees.id')(c).notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('custom_field_values_field_employee')
    .unique()
    .on('custom_field_values')
    .columns(['field_id', 'employee_ref'])
    .execute();
  await db.schema
    .createIndex('custom_field_values_field_value')
    .on('custom_field_values')
    .columns(['field_id', 'value'])
    .execute();
  await db.schema
    .createIndex('custom_field_values_employee')
    .on('custom_field_values')
    .column('employee_ref')
    .execute();

  await table(db, 'api_keys')
    .addColumn('account_id', 'integer', (c) => ref('accounts.id')(c).notNull())
    .addColumn('key_name', 'text', (c) => c.notNull())
    .addColumn('key_value', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('api_keys_hash').unique().on('api_keys').column('key_hash').execute();
  await db.schema.createIndex('api_keys_account').on('api_keys').column('account_id').execute();

  await table(db, 'faqs')
    .addColumn('account_id', 'integer', (c) => ref('accounts.id')(c).notNull())
    .addColumn('topic', 'text')
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('faqs_account').on('faqs').column('account_id').execute();

  await table(db, 'stations')
    .addColumn('account_id', 'integer', (c) => ref('accounts.id')(c).notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text')
    .addColumn('pairing_code_hash', 'text')
    .addColumn('pairing_expires_at', 'text')
    .addColumn('last_seen_at', 'text')
    .addColumn('last_sync_at', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('stations_token').unique().on('stations').column('token_hash').execute();
  await db.schema.createIndex('stations_pairing').on('stations').column('pairing_code_hash').execute();
  await db.schema.createIndex('stations_account').on('stations').column('account_id').execute();

  await table(db, 'punches')
    .addColumn('account_id', 'integer', (c) => ref('accounts.id')(c).notNull())
    .addColumn('employee_ref', 'integer', (c) => ref('employees.id')(c).notNull())
    // Client-generated ids make retries and offline sync idempotent.
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('clock_out_client_id', 'text')
    .addColumn('work_date', 'text', (c) => c.notNull())
    .addColumn('time_in', 'text', (c) => c.notNull())
    .addColumn('time_out', 'text')
    .addColumn('device_time_in', 'text')
    .addColumn('device_time_out', 'text')
    .addColumn('received_in_at', 'text', (c) => c.notNull())
    .addColumn('received_out_at', 'text')
    .addColumn('late_sync', 'integer', bool)
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('station_id', 'integer', ref('stations.id', 'set null'))
    .addColumn('station_out_id', 'integer', ref('stations.id', 'set null'))
    .addColumn('deduction', 'text', (c) => c.notNull().defaultTo('Auto'))
    .addColumn('type', 'text', (c) => c.notNull().defaultTo('None'))
    .addColumn('notes', 'text')
    .addColumn('latitude', 'real')
    .addColumn('longitude', 'real')
    .addColumn('accuracy', 'real')
    .addColumn('latitude_out', 'real')
    .addColumn('longitude_out', 'real')
    .addColumn('accuracy_out', 'real')
    .addColumn('screening', 'text')
    .addColumn('conflict', 'text')
    .addColumn('created_by_user_id', 'integer', ref('users.id', 'set null'))
    .addColumn('deleted_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('punches_account_client')
    .unique()
    .on('punches')
    .columns(['account_id', 'client_id'])
    .execute();
  await db.schema
    .createIndex('punches_account_out_client')
    .unique()
    .on('punches')
    .columns(['account_id', 'clock_out_client_id'])
    .execute();
  // At most one open shift per employee, enforced by the database rather than a read-then-write.
  await db.schema
    .createIndex('punches_one_open_shift')
    .unique()
    .on('punches')
    .column('employee_ref')
    .where(sql.ref('time_out'), 'is', null)
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('punches_employee_time')
    .on('punches')
    .columns(['employee_ref', 'time_in'])
    .execute();
  await db.schema
    .createIndex('punches_account_date')
    .on('punches')
    .columns(['account_id', 'work_date'])
    .execute();

  await table(db, 'activity_logs')
    .addColumn('account_id', 'integer', (c) => ref('accounts.id')(c).notNull())
    .addColumn('user_id', 'integer', ref('users.id', 'set null'))
    .addColumn('employee_id', 'integer', ref('employees.id', 'set null'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('details', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('activity_logs_account_created')
    .on('activity_logs')
    .columns(['account_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('activity_logs_account_action')
    .on('activity_logs')
    .columns(['account_id', 'action', 'created_at'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  for (const t of [
    'activity_logs',
    'punches',
    'stations',
    'faqs',
    'api_keys',
    'custom_field_values',
    'custom_fields',
    'settings',
    'auth_tokens',
    'users',
    'employees',
    'import_batches',
    'departments',
    'accounts',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
