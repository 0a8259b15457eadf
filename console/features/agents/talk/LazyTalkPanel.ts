/**
 * The Talk panel in its own chunk with the audio code (codecs, resampler, player), fetched when the
 * Talk button is pointed at, focused or pressed: showing an agent does not need it (issue 12).
 */
import { lazyComponent } from '../../../app/lazyComponent.js';

export const LazyTalkPanel = lazyComponent(() => import('./TalkPanel.js').then((m) => m.TalkPanel));
