import { SCREEN_BANDS, type ScreenBand } from '../constants.ts';

/** Below 600 xs (product.md#constants), below 960 sm, below 1264 md, below 1904 lg, otherwise xl. */
export function screenBand(width: number): ScreenBand {
  for (const { band, below } of SCREEN_BANDS) {
    if (width < below) return band;
  }
  return 'xl';
}
