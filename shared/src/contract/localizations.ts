import { z } from 'zod';

export const languageCode = z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, 'The language code is invalid.');
export const localizationParams = z.strictObject({ lng: languageCode });
export const localizationMap = z.record(z.string(), z.string());
