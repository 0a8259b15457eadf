/** The agent fields that take one of the spec's enumerations (part 1 §5), each with its list. */
import {
  AUDIO_FORMATS,
  EAGERNESS_LEVELS,
  NOISE_REDUCTIONS,
  REALTIME_MODELS,
  TRANSCRIPTION_MODELS,
  TURN_DETECTION_TYPES,
  VOICES,
} from '../../shared/defaults.js';

/** Wire field (the same name as its column) → the values it may take. */
export const AGENT_CHOICES = {
  voice: VOICES,
  transcription_model: TRANSCRIPTION_MODELS,
  noise_reduction: NOISE_REDUCTIONS,
  input_audio_format: AUDIO_FORMATS,
  output_audio_format: AUDIO_FORMATS,
  model: REALTIME_MODELS,
  turn_detection_type: TURN_DETECTION_TYPES,
  eagerness: EAGERNESS_LEVELS,
} as const;
