import { Flex, Grid } from '@radix-ui/themes';
import { useEffect, useState } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { formatPhone } from '../../../shared/format.js';
import type { CallSession } from '../../../shared/types/session.js';
import { useDocumentTitle } from '../../app/useDocumentTitle.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { ErrorCallout } from '../../components/ErrorCallout.js';
import { LoadingState } from '../../components/LoadingState.js';
import { NotFoundState } from '../../components/NotFoundState.js';
import { PageHeader } from '../../components/PageHeader.js';
import { useToast } from '../../components/ToastProvider.js';
import { useAgentNames, useEndSession, useSession } from './api.js';
import { LiveCallCard } from './listen/LiveCallCard.js';
import { SessionRecording } from './recording/SessionRecording.js';
import { SessionAnalysis } from './SessionAnalysis.js';
import { SessionFiguresCard } from './SessionFiguresCard.js';
import { SessionHeader } from './SessionHeader.js';
import { SessionInfoCard } from './SessionInfoCard.js';
import { SessionTransfer } from './SessionTransfer.js';
import { backToSessions } from './sessionsBack.js';
import { SESSION_TEXTS } from './sessionTexts.js';
import { isOpen } from './sessionTime.js';
import { useAnsweredRedirect } from './useAnsweredRedirect.js';
import { useEndedSessionNotification, useSessionEvents } from './useSessionEvents.js';
import { useTranscript } from './useTranscript.js';
import './sessions.css';

/** One session with its live transcript (/sessions/{streamSid}, spec part 1 §2 "Session detail"). */
export function SessionPage() {
  const { streamSid = '' } = useParams();
  // A new stream SID is a new page: the live transcript starts empty.
  return <SessionView key={streamSid} streamSid={streamSid} />;
}

/** What End Session's confirmation says will happen to the call. */
function endConfirmText(session: CallSession): string {
  const other = formatPhone(session.callType === 'outbound' ? session.toPhoneNumber : session.fromPhoneNumber);
  return session.ringing ? SESSION_TEXTS.endRingingConfirm(other) : SESSION_TEXTS.endConfirm(other);
}

function SessionView({ streamSid }: { streamSid: string }) {
  useSessionEvents();
  const back = backToSessions(useLocation().state);
  const session = useSession(streamSid);
  const agents = useAgentNames();
  const transcript = useTranscript(streamSid);
  const endSession = useEndSession();
  const toast = useToast();
  const notification = useEndedSessionNotification();
  const [confirming, setConfirming] = useState(false);
  const [ending, setEnding] = useState(false);
  const [endError, setEndError] = useState<string | null>(null);
  useDocumentTitle(session.data === null ? SESSION_TEXTS.notFound : SESSION_TEXTS.detailHeading);
  useAnsweredRedirect(streamSid, session.data);

  // This call ended: every item of it is stored now, and the server has its final times.
  const { lastEndedSessionId, reset } = notification;
  const { reload } = transcript;
  const { mutate } = session;
  useEffect(() => {
    if (lastEndedSessionId !== streamSid) return;
    reload();
    void mutate();
    reset();
  }, [lastEndedSessionId, streamSid, reload, mutate, reset]);

  if (session.error)
    return (
      <Flex direction="column" gap="4">
        <PageHeader title={SESSION_TEXTS.detailHeading} back={back} />
        <ErrorCallout>{SESSION_TEXTS.detailFailed}</ErrorCallout>
      </Flex>
    );
  if (session.data === undefined) return <LoadingState label={SESSION_TEXTS.loadingDetail} />;
  if (session.data === null) return <NotFoundState title={SESSION_TEXTS.notFound} back={back} />;

  const current = session.data;
  const end = async () => {
    setConfirming(false);
    setEnding(true);
    setEndError(null);
    try {
      const note = await endSession(current);
      if (note) toast.show(note, { tone: 'warning' });
    } catch (error) {
      setEndError(error instanceof Error ? error.message : SESSION_TEXTS.endFailed);
    } finally {
      setEnding(false);
    }
  };

  return (
    <Flex direction="column" gap="5">
      <SessionHeader
        back={back}
        ended={!isOpen(current) || current.active === false}
        ringing={current.ringing === true}
        canEnd={isOpen(current)}
        ending={ending}
        onEnd={() => setConfirming(true)}
        transfer={
          <SessionTransfer
            session={current}
            destinations={
              agents.agents.find((agent) => agent.id === current.agentId)?.builtinFunctions?.transferCall
                .destinations ?? []
            }
          />
        }
      />
      {endError ? <ErrorCallout>{endError}</ErrorCallout> : null}
      {/* The info column is wide enough for a date and time on one line (at 320 px 'PM' wrapped). */}
      <Grid columns={{ initial: '1', md: '360px 1fr' }} gap="5" align="start">
        <Flex direction="column" gap="5">
          <SessionInfoCard session={current} names={agents.names} />
          {isOpen(current) && !current.ringing ? <LiveCallCard session={current} /> : null}
          <SessionFiguresCard figures={current.figures} />
        </Flex>
        <SessionRecording session={current} messages={transcript.messages} />
      </Grid>
      {isOpen(current) ? null : <SessionAnalysis streamSid={current.streamSid} />}
      {/* Hanging up a live call can't be taken back (issue 18): End Session asks first. */}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={SESSION_TEXTS.endConfirmTitle}
        description={endConfirmText(current)}
        confirmLabel={SESSION_TEXTS.endSession}
        onConfirm={end}
      />
    </Flex>
  );
}
