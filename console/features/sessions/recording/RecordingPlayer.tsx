import { Flex, Link, SegmentedControl, Text } from '@radix-ui/themes';
import { type MouseEvent, useCallback } from 'react';
import type { SessionMessage } from '../../../../shared/types/session.js';
import { ErrorCallout } from '../../../components/ErrorCallout.js';
import { DownloadIcon } from '../../../components/icons.js';
import { LoadingState } from '../../../components/LoadingState.js';
import { useToast } from '../../../components/ToastProvider.js';
import { useRecordingLink } from '../api.js';
import { RecordingTimeline } from './RecordingTimeline.js';
import { RECORDING_TEXTS } from './recordingTexts.js';
import { useAudioSource } from './useAudioSource.js';
import { type Channel, useChannelMix } from './useChannelMix.js';
import type { Playback } from './usePlayback.js';
import './recording.css';

export interface RecordingPlayerProps {
  streamSid: string;
  /** The stored length of the call's audio, in ms. */
  durationMs: number;
  messages: readonly SessionMessage[];
  playback: Playback;
}

const CHANNELS: Array<{ value: Channel; label: string }> = [
  { value: 'both', label: RECORDING_TEXTS.both },
  { value: 'caller', label: RECORDING_TEXTS.callerOnly },
  { value: 'agent', label: RECORDING_TEXTS.agentOnly },
];

/** A link with less than this left is replaced before a download starts on it. */
const DOWNLOAD_MARGIN_MS = 30_000;

/** The signed link with `download=1`: the same audio, sent as an attachment named after the call. */
export function downloadHref(url: string): string {
  const [path = '', query = ''] = url.split('?', 2);
  const params = new URLSearchParams(query);
  params.set('download', '1');
  return `${path}?${params.toString()}`;
}

/**
 * A ready recording: the browser's own audio controls on a signed link, the turns on a timeline,
 * the choice of side, and Download WAV.
 */
export function RecordingPlayer({ streamSid, durationMs, messages, playback }: RecordingPlayerProps) {
  const link = useRecordingLink(streamSid);
  const { mutate } = link;
  const refresh = useCallback(async () => (await mutate())?.url, [mutate]);
  const source = useAudioSource(playback.audio, link.data?.url, refresh);
  const mix = useChannelMix(playback.audio);
  const toast = useToast();

  // Download is a plain link for the browser to save; one left on screen past its expiry (a
  // sleeping laptop's timers do not run) gets a fresh link first.
  const download = async (event: MouseEvent<HTMLAnchorElement>) => {
    if (link.data && link.data.expiresAt - Date.now() > DOWNLOAD_MARGIN_MS) return;
    event.preventDefault();
    const stale = link.data?.url;
    // SWR keeps the old link when the new one was refused; that one is no use here.
    const url = await refresh().catch(() => undefined);
    if (url && url !== stale) window.location.assign(downloadHref(url));
    else toast.error(RECORDING_TEXTS.linkFailed);
  };

  // A link that could not be replaced leaves the player on the one it has, which may still play.
  if (link.error && !link.data)
    return <ErrorCallout>{link.error instanceof Error ? link.error.message : RECORDING_TEXTS.linkFailed}</ErrorCallout>;
  return (
    <Flex direction="column" gap="3">
      {link.data === undefined ? <LoadingState label={RECORDING_TEXTS.loading} /> : null}
      {source.failed ? <ErrorCallout>{RECORDING_TEXTS.playFailed}</ErrorCallout> : null}
      {/* biome-ignore lint/a11y/useMediaCaption: the call's transcript is beside the player, each line seeking here. */}
      <audio
        ref={playback.attach}
        src={source.src}
        controls
        preload="metadata"
        aria-label={RECORDING_TEXTS.player}
        className="sb-rec-audio"
        hidden={link.data === undefined}
      />
      <RecordingTimeline
        messages={messages}
        durationMs={durationMs}
        currentMs={playback.currentMs}
        onSeek={playback.playFrom}
      />
      <Flex justify="between" align="center" gap="3" wrap="wrap">
        <SegmentedControl.Root
          size="1"
          value={mix.channel}
          onValueChange={(next) => mix.choose(next as Channel)}
          aria-label={RECORDING_TEXTS.channels}
          disabled={!mix.supported || playback.audio === null}
        >
          {CHANNELS.map(({ value, label }) => (
            <SegmentedControl.Item key={value} value={value}>
              {label}
            </SegmentedControl.Item>
          ))}
        </SegmentedControl.Root>
        {link.data ? (
          <Link size="2" href={downloadHref(link.data.url)} download={`call-${streamSid}.wav`} onClick={download}>
            <DownloadIcon /> {RECORDING_TEXTS.download}
          </Link>
        ) : null}
      </Flex>
      {mix.supported ? null : (
        <Text size="1" color="gray">
          {RECORDING_TEXTS.channelsUnsupported}
        </Text>
      )}
    </Flex>
  );
}
