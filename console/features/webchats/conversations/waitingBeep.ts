/**
 * A short beep for a visitor waiting for a person (issue 23), made with Web Audio so nothing is
 * downloaded. Browsers keep audio suspended until the page had a gesture; the console is used
 * with clicks, so by the time a visitor waits it plays. Before that it stays silent (resume()
 * is refused) and the badge alone says it.
 */
let context: AudioContext | null = null;

export function waitingBeep(): void {
  if (typeof AudioContext === 'undefined') return;
  try {
    context ??= new AudioContext();
    const ctx = context;
    void ctx.resume().catch(() => undefined);
    const oscillator = ctx.createOscillator();
    const gain = ctx.createGain();
    oscillator.frequency.value = 880;
    gain.gain.setValueAtTime(0.15, ctx.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + 0.25);
    oscillator.connect(gain).connect(ctx.destination);
    oscillator.start();
    oscillator.stop(ctx.currentTime + 0.25);
  } catch {
    // No audio device or a refused context: the badge still shows.
  }
}
