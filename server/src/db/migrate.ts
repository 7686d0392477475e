import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Database } from './database';
import * as m001 from './migrations/001_initial';
import * as m002 from './migrations/002_department_soft_delete';
import * as m003 from './migrations/003_week_start';
import * as m004 from './migrations/004_keyset_paging';
import * as m005 from './migrations/005_period_indexes';
import * as m007 from './migrations/007_api_key_scopes';
import * as m008 from './migrations/008_administrator_departments';
import * as m009 from './migrations/009_punch_end_index';
import * as m010 from './migrations/010_employee_rates';
import * as m011 from './migrations/011_sync_refusals';
import * as m012 from './migrations/012_fold_function';
import * as m013 from './migrations/013_canonical_numbers';
import * as m014 from './migrations/014_fold_accents';
import * as m015 from './migrations/015_name_order';
import * as m016 from './migrations/016_punch_index_review';
import * as m017 from './migrations/017_pay_rules';
import * as m019 from './migrations/019_schedules';
import * as m020 from './migrations/020_pin_hints';
import * as m021 from './migrations/021_audit_ledger';
import * as m023 from './migrations/023_clock_skew';
import * as m022 from './migrations/022_currency';
import * as m025 from './migrations/025_open_breaks';
import * as m026 from './migrations/026_pay_periods';
import * as m027 from './migrations/027_pay_period_figures';
import * as m028 from './migrations/028_forgotten_clock_outs';
import * as m029 from './migrations/029_pay_period_confirmations';
import * as m030 from './migrations/030_adjustments';

/** Migrations are listed here (not discovered on disk) so they bundle and run the same everywhere. */
const provider: MigrationProvider = {
  async getMigrations(): Promise<Record<string, Migration>> {
    return {
      '001_initial': m001,
      '002_department_soft_delete': m002,
      '003_week_start': m003,
      '004_keyset_paging': m004,
      '005_period_indexes': m005,
      '007_api_key_scopes': m007,
      '008_administrator_departments': m008,
      '009_punch_end_index': m009,
      '010_employee_rates': m010,
      '011_sync_refusals': m011,
      '012_fold_function': m012,
      '013_canonical_numbers': m013,
      '014_fold_accents': m014,
      '015_name_order': m015,
      '016_punch_index_review': m016,
      '017_pay_rules': m017,
      '019_schedules': m019,
      '020_pin_hints': m020,
      '021_audit_ledger': m021,
      '023_clock_skew': m023,
      '022_currency': m022,
      '025_open_breaks': m025,
      '026_pay_periods': m026,
      '027_pay_period_figures': m027,
      '028_forgotten_clock_outs': m028,
      '029_pay_period_confirmations': m029,
      '030_adjustments': m030,
    };
  },
};

export async function migrateToLatest(db: Database): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(
      `Migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
