import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import {
  PROFILE_IMAGE_MAX_BYTES,
  errorAnswers,
  getUserResponse,
  messages,
  profilePictureResponse,
  qrResponse,
  uploadProfileResponse,
  userIdBody,
} from '@punchclock/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../auth/guards';
import { routeKit } from '../routes-kit';
import { repositories } from '../unit-of-work';
import { badRequest, notFound, payloadTooLarge } from '../../lib/errors';
import { readUpload } from '../../lib/uploads';
import { profileRepositories } from './profile.repository';
import { PROFILE_PICTURE_ROUTE, profileService } from './profile.service';

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routeKit(app, {
    tags: ['Authentication and account'],
    errors: errorAnswers(400, 401, 404, 413, 422),
  });
  const { db, config } = app.deps;
  const service = profileService({ ...repositories(db, profileRepositories), config });

  route.get('/api/get-user', "The caller's profile", { 200: getUserResponse }, async (req) =>
    service.getUser(authOf(req)),
  );

  route.post(
    '/api/generate-qr-code',
    "The caller's QR code as a base64 SVG data URL",
    { body: userIdBody.nullish(), 200: qrResponse },
    async (req) => service.generateQr(authOf(req), req.body?.user_id),
  );

  route.post(
    '/api/get-profile-picture',
    "URL of the caller's profile picture (null when none)",
    { body: userIdBody.nullish(), 200: profilePictureResponse },
    async (req) => service.getPicture(authOf(req), req.body?.user_id),
  );

  route.post(
    '/api/upload-profile',
    'Upload a profile picture: multipart profile_picture (PNG, JPEG, GIF or WebP by content, at most 2 MB) and user_id',
    { consumes: ['multipart/form-data'], 200: uploadProfileResponse },
    async (req) => {
      const auth = authOf(req);
      if (!req.isMultipart()) throw badRequest(messages.profile.selectImage);
      const upload = await readUpload(req, 'profile_picture', PROFILE_IMAGE_MAX_BYTES);
      if (upload.truncated) throw payloadTooLarge(messages.profile.tooLarge);
      return service.uploadPicture(auth, upload.file, upload.fields.user_id);
    },
  );

  // Names are 128-bit random, so the URL itself is the capability (an <img> cannot send a token).
  app.get(
    `${PROFILE_PICTURE_ROUTE}/:name`,
    { schema: { hide: true, params: z.object({ name: z.string().max(64) }) } },
    async (req, reply) => {
      if (!service.pictures.isValidName(req.params.name)) throw notFound();
      const path = join(service.pictures.dir, req.params.name);
      const ext = req.params.name.split('.').pop();
      const stream = createReadStream(path);
      await new Promise<void>((resolve, reject) => {
        stream.once('open', () => resolve());
        stream.once('error', () => reject(notFound()));
      });
      return reply
        .type(ext === 'jpg' ? 'image/jpeg' : `image/${ext}`)
        .header('cache-control', 'private, max-age=3600')
        .send(stream);
    },
  );
};
