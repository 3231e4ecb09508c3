import { z } from 'zod';
import type { TagColor } from '../profiles/tags.ts';
import { intField, listField, localIdField } from './fields.ts';

/**
 * AdsPower's browser-tags paths over Facet's tags. AdsPower has eight colours, Facet eleven
 * (antd's presets): each AdsPower colour is one of Facet's; Facet's three others answer as the
 * AdsPower colour nearest them.
 */
export const adsTagColors = ['darkBlue', 'blue', 'purple', 'red', 'yellow', 'orange', 'green', 'lightGreen'] as const;
export type AdsTagColor = (typeof adsTagColors)[number];

export const facetColorOfAds: Record<AdsTagColor, TagColor> = {
  darkBlue: 'geekblue',
  blue: 'blue',
  purple: 'purple',
  red: 'red',
  yellow: 'gold',
  orange: 'orange',
  green: 'green',
  lightGreen: 'lime',
};

export const adsColorOfFacet: Record<TagColor, AdsTagColor> = {
  geekblue: 'darkBlue',
  blue: 'blue',
  purple: 'purple',
  red: 'red',
  gold: 'yellow',
  orange: 'orange',
  green: 'green',
  lime: 'lightGreen',
  magenta: 'purple',
  volcano: 'orange',
  cyan: 'lightGreen',
};

/** Facet's tag names are at most 30 characters (AdsPower's 50): a longer one is refused, never cut. */
const tagNameField = z.string().trim().min(1, { message: 'tag_name_required' }).max(30, { message: 'tag_name_too_long' });

/** `POST /api/v2/browser-tags/list`: `limit` 1–200 (50 when left out), optionally only the tags named by `ids`. */
export const tagListBodySchema = z.object({
  ids: listField(localIdField, 100).optional(),
  page: intField(1, 1_000_000).optional(),
  limit: intField(1, 200).optional(),
});

export const adsTagSchema = z.object({ id: z.string(), name: z.string(), color: z.enum(adsTagColors) });
export const tagListSchema = z.object({ list: z.array(adsTagSchema), page: z.number().int(), limit: z.number().int(), total: z.number().int() });
export const tagsChangedSchema = z.object({ list: z.array(adsTagSchema) });

/** `POST /api/v2/browser-tags/create`: 1–100 tags, darkBlue when no colour is given; all or none. */
export const tagCreateBodySchema = z.object({
  tags: z.array(z.object({ name: tagNameField, color: z.enum(adsTagColors).default('darkBlue') }).strict()).min(1).max(100),
});

/** `POST /api/v2/browser-tags/update`: per tag, the name or colour given changes, the other stays; all or none. */
export const tagUpdateBodySchema = z.object({
  tags: z.array(z.object({ id: localIdField, name: tagNameField.optional(), color: z.enum(adsTagColors).optional() }).strict()).min(1).max(100),
});

/** `POST /api/v2/browser-tags/delete`: 1–100 tags, all or none; the profiles keep everything else. */
export const tagDeleteBodySchema = z.object({ ids: listField(localIdField, 100).pipe(z.array(z.string()).min(1)) });
