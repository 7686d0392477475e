import { fileTypeFromBuffer } from 'file-type';
import { EMPLOYEE_FLAGS, messages } from '@punchclock/contract';
import { reachesWholeAccount, requireAccess } from '../../auth/access';
import { assertOwnUserId, type AuthContext } from '../../auth/guards';
import type { AppConfig } from '../../config';
import type { UnitOfWork } from '../unit-of-work';
import { signBadge } from '../../lib/badges';
import { badRequest, notFound, unprocessable } from '../../lib/errors';
import { qrSvgDataUrl } from '../../lib/qr';
import { fileStore } from '../../lib/storage';
import type { ProfileRepositories } from './profile.repository';

const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
export const PROFILE_PICTURE_ROUTE = '/uploads/profile';

export function profileService({
  repos,
  inTransaction,
  config,
}: {
  repos: ProfileRepositories;
  inTransaction: UnitOfWork<ProfileRepositories>;
  config: Pick<AppConfig, 'dataDir' | 'publicUrl' | 'appSecret'>;
}) {
  const pictures = fileStore(config.dataDir, 'profile');
  const pictureUrl = (file: string | null) => (file ? `${PROFILE_PICTURE_ROUTE}/${file}` : null);

  /** An employee's own permission flags (null for managers, who may do everything in their account). */
  async function employeePermissions(auth: AuthContext): Promise<Record<string, boolean> | null> {
    if (auth.userType !== 'employee' || !auth.employeeRef) return null;
    const e = await repos.profile.employeeFlags(auth.accountId, auth.employeeRef);
    return e ? Object.fromEntries(EMPLOYEE_FLAGS.map((f) => [f, !!e[f]])) : null;
  }

  /** The clock options an employee's own login needs to punch (managers clock others from the station). */
  function clockSettings(auth: AuthContext, s: Awaited<ReturnType<ProfileRepositories['settings']['read']>>) {
    if (auth.userType !== 'employee') return null;
    return {
      enable_gps_tracking: !!s.enable_gps_tracking,
      require_location: !!s.require_location,
      enable_covid_screening: !!s.enable_covid_screening,
    };
  }

  async function currentUser(auth: AuthContext) {
    const user = await repos.profile.user(auth.accountId, auth.userId);
    if (!user) throw notFound();
    return user;
  }

  return {
    pictures,

    async getUser(auth: AuthContext) {
      requireAccess(auth, 'profile:read');
      const u = await currentUser(auth);
      const settings = await repos.settings.read(auth.accountId);
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
          company_name: settings.account_company_name,
          time_zone: settings.time_zone,
          date_format: settings.date_format,
          time_format: settings.time_format,
          currency: settings.currency,
          permissions: await employeePermissions(auth),
          administrator_access:
            auth.userType === 'user'
              ? reachesWholeAccount(auth)
                ? ('full' as const)
                : ('departments' as const)
              : null,
          clock_settings: clockSettings(auth, settings),
        },
      };
    },

    /**
     * A manager's QR opens their login page with the e-mail filled in; an employee's is their signed badge (as on
     * the printed card and the QR page), which the stations accept.
     */
    async generateQr(auth: AuthContext, userId?: unknown) {
      assertOwnUserId(auth, userId);
      requireAccess(auth, 'profile:read');
      const u = await currentUser(auth);
      const version =
        u.user_type === 'employee' && u.employee_ref
          ? await repos.profile.badgeVersion(auth.accountId, u.employee_ref)
          : undefined;
      const payload =
        version !== undefined && u.employee_ref
          ? signBadge(config.appSecret, { accountId: auth.accountId, employeeRef: u.employee_ref, version })
          : `${config.publicUrl}/Login?email=${encodeURIComponent(u.email)}`;
      return { message: messages.qr.generated, qr_code: await qrSvgDataUrl(payload) };
    },

    async getPicture(auth: AuthContext, userId?: unknown) {
      assertOwnUserId(auth, userId);
      requireAccess(auth, 'profile:read');
      const u = await currentUser(auth);
      const url = pictureUrl(u.profile_image);
      return { profile_picture_url: url, profile_image_url: url };
    },

    /** The image type is read from the bytes, never from the file name or the declared type. */
    async uploadPicture(auth: AuthContext, bytes: Buffer | null, userId?: unknown) {
      assertOwnUserId(auth, userId);
      requireAccess(auth, 'profile:write');
      if (!bytes || bytes.length === 0) throw badRequest(messages.profile.selectImage);
      const type = await fileTypeFromBuffer(bytes);
      if (!type || !IMAGE_TYPES.has(type.mime)) throw unprocessable(messages.profile.notImage);
      const u = await currentUser(auth);
      const name = await pictures.save(bytes, type.ext);
      try {
        await inTransaction(async (r) => {
          await r.profile.setImage(auth.accountId, u.id, name);
          await r.activity.record(auth.accountId, {
            userId: auth.userId,
            action: 'profile.picture_uploaded',
          });
        });
      } catch (e) {
        await pictures.remove(name);
        throw e;
      }
      await pictures.remove(u.profile_image);
      return { message: messages.profile.uploaded, profile_image_url: pictureUrl(name) as string };
    },
  };
}
