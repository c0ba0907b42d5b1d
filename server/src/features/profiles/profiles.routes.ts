import express, { type Request, type Router } from 'express';

import { AvatarRemoved, AvatarSaved, BackgroundQuery, BackgroundRemoved, BackgroundSaved, BasicInfoRequest, OwnProfile, ProfileUpdateRequest } from '../../../../contract/profile.js';
import type { Config } from '../../config.js';
import { AppError } from '../../errors.js';
import { memberRateLimit } from '../../middleware/rate-limit.js';
import { parseInput } from '../../middleware/validate.js';
import type { RateLimitService } from '../../rate-limit/rate-limit.service.js';
import { ruledRouter } from '../../policies/routes.js';
import { PROFILE_IMAGE_MESSAGES, PROFILE_IMAGES, type ProfileImageKind, type ProfileImagesService } from './profile-images.service.js';

import type { ProfilesService } from './profiles.service.js';
import type { Middleware } from '../../middleware/middleware.js';

export interface ProfilesRoutesDeps {
  profiles: ProfilesService;
  images: ProfileImagesService;
  limiter: RateLimitService;
  config: Config;
}

/** The signed-in member's own profile. Its fields keep the spec's column names. */
export function profilesRoutes(deps: ProfilesRoutesDeps): Router {
  const { profiles, images } = deps;
  const routes = ruledRouter();
  const uploadLimit = memberRateLimit(deps.limiter, 'upload-user', deps.config.rateLimits.uploadUser);

  routes.get('/profile', 'member', { response: OwnProfile }, async (req, res) => {
    res.json(await profiles.own(req.user!.id));
  });

  routes.put('/profile/basic', 'member', { body: BasicInfoRequest, response: OwnProfile }, async (req, res) => {
    res.json(await profiles.saveBasic(req.user!, req.body));
  });

  routes.patch('/profile', 'member', { body: ProfileUpdateRequest, response: OwnProfile }, async (req, res) => {
    res.json(await profiles.update(req.user!.id, req.body));
  });

  // The cropped image is the raw body (image/png from the editors; JPEG and WebP are accepted too).
  routes.post('/profile/avatar', 'member', { response: AvatarSaved }, uploadLimit, imageBody('avatar'), async (req, res) => {
    res.status(201).json({ avatarUrl: (await images.save(req.user!.id, 'avatar', imageOf(req))).url });
  });
  routes.delete('/profile/avatar', 'member', { response: AvatarRemoved }, async (req, res) => {
    await images.remove(req.user!.id, 'avatar');
    res.json({ avatarUrl: null });
  });

  routes.post('/profile/background', 'member', { response: BackgroundSaved }, uploadLimit, imageBody('background'), async (req, res) => {
    // The query is read after the image's size check, which comes first (a too-large upload is refused before anything else).
    const { opacity } = parseInput(BackgroundQuery, req.query);
    const { url } = await images.save(req.user!.id, 'background', imageOf(req), opacity);
    res.status(201).json({ searchBackgroundUrl: url, searchBackgroundOpacity: opacity });
  });
  routes.delete('/profile/background', 'member', { response: BackgroundRemoved }, async (req, res) => {
    await images.remove(req.user!.id, 'background');
    res.json({ searchBackgroundUrl: null });
  });

  return routes.router;
}

/** Reads at most the spec's size of the kind; a larger body is refused with the spec's message. */
function imageBody(kind: ProfileImageKind): Middleware {
  const parse = express.raw({ type: () => true, limit: PROFILE_IMAGES[kind].maxBytes });
  return (req, res, next) => {
    parse(req, res, (error?: unknown) => {
      const tooLarge = (error as { type?: string } | undefined)?.type === 'entity.too.large';
      next(tooLarge ? new AppError(413, 'file_too_large', PROFILE_IMAGE_MESSAGES.tooLarge(kind)) : error);
    });
  };
}

function imageOf(req: Request): Buffer {
  if (Buffer.isBuffer(req.body) && req.body.length > 0) return req.body;
  throw new AppError(415, 'invalid_file_type', PROFILE_IMAGE_MESSAGES.invalidType);
}
