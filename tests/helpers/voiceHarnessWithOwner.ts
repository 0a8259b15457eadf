/** A voice harness and one owner in it: the setup most voice suites start from. */
import { startVoiceHarness, type VoiceHarness, type VoiceOwner } from './voiceHarness.js';

export async function startVoiceHarnessWithOwner(): Promise<{ h: VoiceHarness; o: VoiceOwner }> {
  const h = await startVoiceHarness();
  return { h, o: await h.owner() };
}
