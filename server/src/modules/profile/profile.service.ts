import { fileTypeFromBuffer } from 'file-type';
import { EMPLOYEE_FLAGS, messages } from '@punchclock/contract';
import type { AuthContext } from '../../auth/guards';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/database';
import { badRequest, notFound, unprocessable } from '../../lib/errors';
import { qrSvgDataUrl } from '../../lib/qr';
import { fileStore } from '../../lib/storage';
import { recordActivity } from '../activity/activity.repository';
import { authRepository } from '../auth/auth.repository';

const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
export const PROFILE_PICTURE_ROUTE = '/uploads/profile';

export function profileService({ db, config }: { db: Database; config: AppConfig }) {
  const repo = authRepository(db);
  const pictures = fileStore(config.dataDir, 'profile');
  const pictureUrl = (file: string | null) => (file ? `${PROFILE_PICTURE_ROUTE}/${file}` : null);

  /** An employee's own permission flags (null for managers, who may do everything in their account). */
  async function employeePermissions(auth: AuthContext): Promise<Record<string, boolean> | null> {
    if (auth.userType !== 'employee' || !auth.employeeRef) return null;
    const e = await db
      .selectFrom('employees')
      .select([...EMPLOYEE_FLAGS])
      .where('id', '=', auth.employeeRef)
      .where('account_id', '=', auth.accountId)
      .executeTakeFirst();
    return e ? Object.fromEntries(EMPLOYEE_FLAGS.map((f) => [f, !!e[f]])) : null;
  }

  async function clockSettings(auth: AuthContext) {
    if (auth.userType !== 'employee') return null;
    const s = await db
      .selectFrom('settings')
      .select(['enable_gps_tracking', 'require_location', 'enable_covid_screening'])
      .where('account_id', '=', auth.accountId)
      .executeTakeFirst();
    return s
      ? {
          enable_gps_tracking: !!s.enable_gps_tracking,
          require_location: !!s.require_location,
          enable_covid_screening: !!s.enable_covid_screening,
        }
      : null;
  }

  async function currentUser(auth: AuthContext) {
    const user = await repo.findUserById(auth.userId);
    if (!user) throw notFound();
    return user;
  }

  return {
    pictures,

    async getUser(auth: AuthContext) {
      const u = await currentUser(auth);
      return {
        user: {
          user_id: u.id,
          name: u.name,
          username: u.username,
          email: u.email,
          phone_number: u.phone_number,
          date_of_birth: u.date_of_birth,
          user_type: u.user_type,
          qr_code_url: null,
          profile_image_url: pictureUrl(u.profile_image),
          company_name: u.company_name,
          time_zone: u.time_zone,
          permissions: await employeePermissions(auth),
          clock_settings: await clockSettings(auth),
        },
      };
    },

    /** A manager's QR opens their login page with the e-mail filled in; an employee's carries their ID. */
    async generateQr(auth: AuthContext) {
      const u = await currentUser(auth);
      let payload = `${config.publicUrl}/Login?email=${encodeURIComponent(u.email)}`;
      if (u.user_type === 'employee' && u.employee_ref) {
        const emp = await repo.findEmployeeCode(u.employee_ref);
        if (emp) payload = emp.employee_id;
      }
      return { message: messages.qr.generated, qr_code: await qrSvgDataUrl(payload) };
    },

    async getPicture(auth: AuthContext) {
      const u = await currentUser(auth);
      const url = pictureUrl(u.profile_image);
      return { profile_picture_url: url, profile_image_url: url };
    },

    /** The image type is read from the bytes, never from the file name or the declared type. */
    async uploadPicture(auth: AuthContext, bytes: Buffer | null) {
      if (!bytes || bytes.length === 0) throw badRequest(messages.profile.selectImage);
      const type = await fileTypeFromBuffer(bytes);
      if (!type || !IMAGE_TYPES.has(type.mime)) throw unprocessable(messages.profile.notImage);
      const u = await currentUser(auth);
      const name = await pictures.save(bytes, type.ext);
      await repo.setProfileImage(u.id, name);
      await pictures.remove(u.profile_image);
      await recordActivity(db, {
        accountId: auth.accountId,
        userId: auth.userId,
        action: 'profile.picture_uploaded',
      });
      return { message: messages.profile.uploaded, profile_image_url: pictureUrl(name) as string };
    },
  };
}
export type ProfileService = ReturnType<typeof profileService>;
