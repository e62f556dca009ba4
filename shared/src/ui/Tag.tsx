/**
 * A short label on a coloured ground (a status, a type): the kit's subtle Badge, drawn as a plain element
 * (tag.css) because lists draw one in every row. Use Badge where a tag needs the kit's other variants.
 */
import type { HTMLAttributes } from 'react';
import type { COLOR_PALETTES } from './theme';
import './tag.css';

export type TagPalette = (typeof COLOR_PALETTES)[number];

export interface TagProps extends Omit<HTMLAttributes<HTMLSpanElement>, 'className'> {
  palette?: TagPalette;
}

export function Tag({ palette = 'gray', ...props }: TagProps) {
  return <span className={`tag tag--${palette}`} {...props} />;
}
