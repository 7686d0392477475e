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
import { authOf, requireAuth } from '../../auth/guards';
import { repositories } from '../unit-of-work';
import { badRequest, notFound, payloadTooLarge } from '../../lib/errors';
import { readUpload } from '../../lib/uploads';
import { profileRepositories } from './profile.repository';
import { PROFILE_PICTURE_ROUTE, profileService } from './profile.service';

const errors = errorAnswers(400, 401, 404, 413, 422);

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  const service = profileService({ ...repositories(db, profileRepositories), config });
  const tags = ['Authentication and account'];

  app.get(
    '/api/get-user',
    {
      onRequest: requireAuth,
      schema: { tags, summary: "The caller's profile", response: { 200: getUserResponse, ...errors } },
    },
    async (req) => service.getUser(authOf(req)),
  );

  app.post(
    '/api/generate-qr-code',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: "The caller's QR code as a base64 SVG data URL",
        body: userIdBody.nullish(),
        response: { 200: qrResponse, ...errors },
      },
    },
    async (req) => service.generateQr(authOf(req), req.body?.user_id),
  );

  app.post(
    '/api/get-profile-picture',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: "URL of the caller's profile picture (null when none)",
        body: userIdBody.nullish(),
        response: { 200: profilePictureResponse, ...errors },
      },
    },
    async (req) => service.getPicture(authOf(req), req.body?.user_id),
  );

  app.post(
    '/api/upload-profile',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary:
          'Upload a profile picture: multipart profile_picture (PNG, JPEG, GIF or WebP by content, at most 2 MB) and user_id',
        consumes: ['multipart/form-data'],
        response: { 200: uploadProfileResponse, ...errors },
      },
    },
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
