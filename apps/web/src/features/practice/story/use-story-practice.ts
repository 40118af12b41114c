import {
  aslFeedbackDataSchema,
  controlResponseDataSchema,
  OWN_SESSION_MESSAGES,
  practiceSessionResponseDataSchema,
  practiceStateSchema,
  processedFrameDataSchema,
  reportWithdraws,
  SESSION_ENDED_ACTION,
  SYNC_TAGS,
  sessionCompleteDataSchema,
  type AslFeedbackData,
  type ControlAction,
  type DetectedHand,
  type PracticeState,
  type PracticeTarget,
  type ReceivedLiveMessage,
  type SessionCompleteData,
  type Story,
} from '@asl/protocol';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { LiveContext } from '../AslWorldPage';
import type { ScoredAttempt } from '../../../lib/recognition/practice-rules';
import type { OfflinePracticeEngine } from '../on-device/offline-engine';
import { currentUserId, onFlushed } from '../../../lib/outbox';
import { queueOfflinePractice } from '../on-device/queue-practice-data';
import type { PracticeDataSink } from '../on-device/practice-log';
import { cachedStory, rememberStory } from '../on-device/story-cache';
import { unfinishedRun } from '../on-device/unfinished-run';
import { deviceLogLanded } from './device-log-landed';
import { RecentHands, type ReportFrame } from './recent-hands';
import type { StartRequest } from './StoryPicker';

export type Phase = 'picking' | 'starting' | 'practising' | 'complete';
const SESSION_KEY = 'practice_session';
/** Said when a story left unfinished is taken up again where it was left. */
export const PICKED_UP = 'Picking up where you left this story: the tries you made in it before count too.';
/**
 * Back from a drop, frames wait at most this long for the server to take up where practice stands
 * (the device's log waits up to HAND_BACK_WAIT_MS before it): they flow again after it whatever happens.
 */
const HOLD_MAX_MS = 15_000;
/** What the server answers about practice; ignored from the socket while practice runs on this device. */
const PRACTICE_MESSAGES = new Set([
  'practice_session_response',
  'control_response',
  'asl_feedback',
  'session_complete',
]);

export interface StoryPracticeState {
  phase: Phase;
  story: Story | null;
  state: PracticeState | null;
  feedback: AslFeedbackData | null;
  summary: SessionCompleteData | null;
  hand: DetectedHand | null;
  message: string | null;
}

/**
 * The practice session over the live socket: start or resume a story, follow the target
 * letter, keep the latest feedback, and resume the same session after a reconnect. While the
 * connection is down, the same practice runs on this device (OfflinePracticeEngine, fed by the
 * local recogniser) and its log goes to `onPracticeData`; when the connection returns the
 * server session continues at the learner's place.
 */
export function useStoryPractice(live: LiveContext, onPracticeData: PracticeDataSink = queueOfflinePractice) {
  const { socket, connection, local } = live;
  const { down, setWanted, setHolding } = local;
  const onLocalFrame = local.recognition.onFrame;
  const [s, setS] = useState<StoryPracticeState>({
    phase: 'picking',
    story: null,
    state: null,
    feedback: null,
    summary: null,
    hand: null,
    message: null,
  });
  const sessionId = useRef<string | null>(sessionStorage.getItem(SESSION_KEY));
  const pendingStart = useRef<Record<string, unknown> | null>(null);
  const engine = useRef<OfflinePracticeEngine | null>(null);
  /** where to continue on the server after offline practice, once the device's log has landed */
  const resumeAt = useRef<Record<string, unknown> | null>(null);
  const logLanded = useRef<Promise<boolean> | null>(null);
  /** The session handed back before the device's log reached the server: taken up again once it does. */
  const awaitingLog = useRef<string | null>(null);
  const connected = useRef(false);
  /** the connection went down since the server was last told where practice stands */
  const wentDown = useRef(false);
  /** a quiet stop of what the server still held is on its way (its answer is not the learner's) */
  const quietStop = useRef(false);
  const holdTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** Frames to the server flow again (see hold). */
  const release = useCallback(() => {
    if (holdTimer.current) clearTimeout(holdTimer.current);
    holdTimer.current = null;
    setHolding(false);
  }, [setHolding]);
  /** Frames wait until the server knows where practice stands, at most HOLD_MAX_MS. */
  const hold = useCallback(() => {
    if (holdTimer.current) clearTimeout(holdTimer.current);
    holdTimer.current = setTimeout(release, HOLD_MAX_MS);
    setHolding(true);
  }, [release, setHolding]);
  /** the attempts counted in this session, as this page saw them: practice continued offline counts them too */
  const counted = useRef<ScoredAttempt[]>([]);
  const latest = useRef(s);
  /** the hands before each feedback came (the last is the one it was read from): what "This feedback is wrong" reports */
  const recentHands = useRef(new RecentHands());
  const before = useRef(new WeakMap<AslFeedbackData, ReportFrame[]>());
  const sink = useRef(onPracticeData);
  const downRef = useRef(down);
  useEffect(() => {
    latest.current = s;
    sink.current = onPracticeData;
    downRef.current = down;
    connected.current = connection.state === 'connected' && !down;
  });

  const sendControl = useCallback(
    (action: ControlAction, data: Record<string, unknown> = {}) =>
      socket.send({ type: 'control', action, data, timestamp: new Date().toISOString() }, { throttle: false }),
    [socket],
  );

  /** One practice message, from the server or (onDevice) from the offline engine. */
  const handle = useCallback(
    (msg: ReceivedLiveMessage, onDevice: boolean) => {
      // The session continued on the server at the next connection: the live one, or one begun on
      // the device (started offline, or restarted there), which the server keeps under the device's
      // id once its log has landed; the live one the device took over ended with the restart.
      const remember = (id: string) => {
        sessionId.current = id;
        sessionStorage.setItem(SESSION_KEY, id);
      };
      // Stopped or finished, here or on the device: the server session is not resumed on reconnecting
      // (a finish on the device completes it when its attempts are uploaded).
      const forget = () => {
        sessionId.current = null;
        sessionStorage.removeItem(SESSION_KEY);
      };
      switch (msg.type) {
        case 'practice_session_response': {
          const d = practiceSessionResponseDataSchema.safeParse(msg.data);
          if (!d.success) return;
          // a story left unfinished before (another tab, another day) is taken up again where it was
          // left, its tries counted: said, so the result's figures are no surprise (not on a reload
          // or a reconnect of this page's own session)
          const pickedUp =
            !onDevice &&
            d.data.resumed &&
            d.data.session_id !== sessionId.current &&
            (d.data.attempts?.length ?? 0) > 0;
          if (!onDevice && d.data.session_id !== sessionId.current) counted.current = [];
          // resumed (after a reload too): the server's attempts so far are the ones counted
          if (!onDevice && d.data.attempts) counted.current = [...d.data.attempts];
          if (!onDevice) release();
          remember(d.data.session_id);
          if (!onDevice) rememberStory(d.data.story);
          setS((p) => ({
            ...p,
            phase: 'practising',
            story: d.data.story,
            state: d.data,
            summary: null,
            message: pickedUp ? PICKED_UP : (d.data.note ?? null),
          }));
          return;
        }
        case 'control_response': {
          const d = controlResponseDataSchema.safeParse(msg.data);
          if (!d.success) return;
          if (!onDevice && quietStop.current && d.data.action === 'stop_session') {
            quietStop.current = false;
            release();
            return;
          }
          if (d.data.action === SESSION_ENDED_ACTION) {
            // stopped, restarted or finished in another tab or on another device: back to the stories
            forget();
            release();
            setS((p) => ({
              ...p,
              phase: 'picking',
              state: null,
              story: null,
              feedback: null,
              message: msg.message ?? OWN_SESSION_MESSAGES.sessionEndedElsewhere,
            }));
            return;
          }
          if (!d.data.success) {
            const message = msg.message ?? 'That did not work. Start a story first.';
            // a start refused (too many at once): back to the stories, saying so
            const refusedStart = d.data.action === 'start_session';
            setS((p) => ({
              ...p,
              message,
              ...(refusedStart && p.phase === 'starting' ? { phase: 'picking' as const } : {}),
            }));
            return;
          }
          if (d.data.state) {
            const st = d.data.state;
            if (st.status === 'stopped') {
              forget();
              setS((p) => ({ ...p, phase: 'picking', state: null, story: null, feedback: null }));
              return;
            }
            if (d.data.action === 'restart_story') counted.current = [];
            remember(st.session_id);
            setS((p) => ({
              ...p,
              state: st,
              feedback: d.data.action === 'try_again' || d.data.action === 'restart_story' ? null : p.feedback,
            }));
          }
          return;
        }
        case 'asl_feedback': {
          const d = aslFeedbackDataSchema.safeParse(msg.data);
          if (!d.success) return; // the socket reports 'Received invalid feedback data from server'
          const st = practiceStateSchema.safeParse(d.data.state);
          // an attempt counted (by the server, or on the device in the session it continues), at the
          // letter asked until now
          const at = latest.current.state?.target;
          if (d.data.counted && d.data.kind === 'attempt' && at)
            counted.current.push({
              ...at,
              target: d.data.target,
              correct: d.data.correct,
              ...(d.data.attempt_id ? { attempt_id: d.data.attempt_id } : {}),
            });
          before.current.set(d.data, recentHands.current.snapshot());
          setS((p) => ({
            ...p,
            feedback: d.data,
            state: st.success ? st.data : p.state,
            // "Picking up where you left…" has been read once a try is counted: it gives the room back
            message: p.message === PICKED_UP && d.data.counted ? null : p.message,
          }));
          return;
        }
        case 'session_complete': {
          const d = sessionCompleteDataSchema.safeParse(msg.data);
          if (!d.success) return;
          forget();
          setS((p) => ({ ...p, phase: 'complete', summary: d.data }));
          return;
        }
        case 'processed_frame': {
          const d = processedFrameDataSchema.safeParse(msg.data);
          if (!d.success) return;
          recentHands.current.push(performance.now(), d.data.hands[0] ?? null);
          setS((p) => ({ ...p, hand: d.data.hands[0] ?? null }));
          return;
        }
        case 'error': {
          const code = (msg.data as { code?: string } | undefined)?.code;
          if (
            code === 'STORY_NOT_FOUND' ||
            code === 'SESSION_NOT_FOUND' ||
            code === 'TOPIC_UNUSABLE' ||
            code === 'INVALID_MESSAGE'
          ) {
            release();
            if (code === 'SESSION_NOT_FOUND') forget();
            setS((p) => (p.phase === 'starting' ? { ...p, phase: 'picking', message: msg.message ?? null } : p));
          } else if (code === 'STORIES_MADE_LIMITED' && latest.current.phase === 'starting') {
            // a start refused (too many new topic stories this hour): said so
            release();
            setS((p) => (p.phase === 'starting' ? { ...p, phase: 'picking', message: msg.message ?? null } : p));
          }
          return;
        }
      }
    },
    [release],
  );

  useEffect(
    () =>
      socket.onMessage((msg) => {
        if (engine.current && PRACTICE_MESSAGES.has(msg.type)) return;
        // With the story list or a result on screen nothing of the server's practice is awaited (a
        // session it held from before a drop must not replace a result made on the device), but
        // the answer to a quiet stop
        const { phase } = latest.current;
        const quiet = quietStop.current && msg.type === 'control_response';
        if ((phase === 'picking' || phase === 'complete') && PRACTICE_MESSAGES.has(msg.type) && !quiet) return;
        handle(msg, false);
      }),
    [socket, handle],
  );

  // Prepare the recogniser on this device while a story is practised, to be ready for a drop.
  const practising = s.phase === 'practising' && !!s.story && !!s.state;
  useEffect(() => {
    setWanted(practising);
    // the engine's code too, so offline practice can start without the network
    if (practising) void import('../on-device/offline-engine').catch(() => {});
  }, [practising, setWanted]);

  // Connection down while practising: continue the story on this device, at the same letter.
  // (The engine and the practice rules with the classifier's weights load only now.)
  const loadingEngine = useRef(false);
  useEffect(() => {
    if (!down || !practising || engine.current || loadingEngine.current) return;
    loadingEngine.current = true;
    void import('../on-device/offline-engine')
      .then(({ OfflinePracticeEngine }) => {
        const { story, state, phase, feedback } = latest.current;
        if (!downRef.current || phase !== 'practising' || !story || !state || engine.current) return;
        const learner = currentUserId(); // the learner practising now: their outbox, even after a sign-out
        const e = new OfflinePracticeEngine({
          story,
          from: state.target,
          serverSessionId: sessionId.current,
          // the letter just counted online may still be held: it does not count against the next
          spent: feedback?.detected ? [feedback.detected] : [],
          earlier: counted.current,
          lettersDone: state.letters_done,
          earlierMs: state.active_ms ?? 0,
          onPracticeData: (log) => sink.current({ ...log, learner_id: learner }),
          emit: (m) => handle(m, true),
        });
        engine.current = e;
        e.start();
      })
      .catch(() => setS((p) => ({ ...p, message: 'Offline practice could not start on this device.' })))
      .finally(() => {
        loadingEngine.current = false;
      });
  }, [down, practising, handle]);
  useEffect(() => onLocalFrame((f) => engine.current?.frame(f)), [onLocalFrame]);

  // Connection back: hand the offline log over, and continue on the server where the learner is.
  useEffect(() => {
    const e = engine.current;
    if (down || !e) return;
    engine.current = null;
    const t: PracticeTarget | null = e.target;
    const { story, feedback } = latest.current;
    const queued = e.close();
    if (t && story) {
      logLanded.current = deviceLogLanded(queued);
      // the story too: a session with no attempt yet has no row to resume, and starts afresh
      resumeAt.current = {
        ...(sessionId.current ? { session_id: sessionId.current } : {}),
        story_id: story.id,
        position: { sentence_index: t.sentence_index, word_index: t.word_index, letter_index: t.letter_index },
        // the letter the device counted last may still be held: it does not count against the next
        ...(feedback?.detected && /^[A-Z0-9]$/.test(feedback.detected) ? { spent: [feedback.detected] } : {}),
      };
      setS((p) => ({ ...p, feedback: null }));
    }
  }, [down]);
  // Leaving the page: whatever was practised offline goes to the queue.
  useEffect(
    () => () => {
      void engine.current?.close();
    },
    [],
  );

  // (a page that was never connected has told the server nothing to take back)
  const wasConnected = useRef(false);
  useEffect(() => {
    if (connection.state === 'connected' && !down) wasConnected.current = true;
    else if (down && wasConnected.current) wentDown.current = true;
  }, [connection.state, down]);
  // Frames held back from the server never stay held for good.
  useEffect(() => release, [release]);

  // On (re)connecting, resume the session the learner was in, or run a start that was waiting.
  // Back from a drop, frames wait until the server knows where practice stands: a socket that lived
  // through the drop may still hold the session as it was before, which would score them at its old
  // letter (or, for a story the device ended, score the story again).
  useEffect(() => {
    if (connection.state !== 'connected' || down) return;
    const back = wentDown.current;
    wentDown.current = false;
    if (back) hold();
    if (pendingStart.current) {
      sendControl('start_session', pendingStart.current);
      pendingStart.current = null;
    } else if (resumeAt.current) {
      const data = resumeAt.current;
      const landed = logLanded.current ?? Promise.resolve(true);
      resumeAt.current = null;
      logLanded.current = null;
      void landed.then((ok) => {
        if (!connected.current) return void (resumeAt.current ??= data); // gone again meanwhile: at the next connection
        sendControl('start_session', data);
        awaitingLog.current = !ok && typeof data.session_id === 'string' ? data.session_id : null;
      });
    } else if (sessionId.current) {
      setS((p) => (p.phase === 'picking' ? { ...p, phase: 'starting' } : p));
      const storyId = latest.current.story?.id;
      sendControl('start_session', { session_id: sessionId.current, ...(storyId ? { story_id: storyId } : {}) });
    } else if (back) {
      // nothing to take up (the story ended or was left on the device): whatever the server still
      // holds on this socket ends, quietly
      quietStop.current = true;
      if (!sendControl('stop_session')) {
        quietStop.current = false;
        release();
      }
    }
  }, [connection.state, down, sendControl, hold, release]);

  // The device's log landed after the hand-back: the server's session is taken up again, now
  // counting the letters signed on the device (the panel would otherwise show them only at the
  // next letter).
  useEffect(
    () =>
      onFlushed((tag) => {
        const id = awaitingLog.current;
        if (tag !== SYNC_TAGS.practiceData || !id || engine.current || !connected.current) return;
        awaitingLog.current = null;
        if (sessionId.current !== id || latest.current.phase !== 'practising') return;
        const storyId = latest.current.story?.id;
        sendControl('start_session', { session_id: id, ...(storyId ? { story_id: storyId } : {}) });
      }),
    [sendControl],
  );

  /** Starts a story on this device (offline, from the story kept from an earlier visit). */
  const startOnDevice = useCallback(
    (story: Story) => {
      setS((p) => ({ ...p, phase: 'starting', feedback: null, summary: null, message: null }));
      const learner = currentUserId();
      // the story left unfinished on this device (a reload while offline) continues where it was
      const left = learner ? unfinishedRun(learner, story) : Promise.resolve(null);
      void Promise.all([import('../on-device/offline-engine'), left]).then(
        ([{ OfflinePracticeEngine }, run]) => {
          engine.current?.close();
          counted.current = run ? [...run.earlier] : []; // else a session of its own, begun on the device
          const e = new OfflinePracticeEngine({
            story,
            ...(run ?? {}),
            onPracticeData: (log) => sink.current({ ...log, learner_id: learner }),
            emit: (m) => handle(m, true),
          });
          engine.current = e;
          e.start();
        },
        () => setS((p) => ({ ...p, phase: 'picking', message: 'Offline practice could not start on this device.' })),
      );
    },
    [handle],
  );

  const start = useCallback(
    (req: StartRequest) => {
      const offlineStory = down && 'story_id' in req ? cachedStory(req.story_id) : null;
      if (offlineStory) return startOnDevice(offlineStory);
      setS((p) => ({ ...p, phase: 'starting', feedback: null, summary: null, message: null }));
      const data: Record<string, unknown> =
        'story_id' in req ? { story_id: req.story_id } : 'topic' in req ? { topic: req.topic } : { drill: req.drill };
      if (!sendControl('start_session', data)) pendingStart.current = data;
    },
    [sendControl, down, startOnDevice],
  );

  const act = useCallback(
    (action: 'try_again' | 'next_sentence' | 'complete_story' | 'restart_story' | 'stop_session') => {
      if (engine.current) {
        engine.current.control(action);
        if (action === 'stop_session') engine.current = null;
        return;
      }
      if (!sendControl(action))
        setS((p) => ({ ...p, message: 'Not connected: wait for the connection to come back.' }));
    },
    [sendControl],
  );

  /**
   * "Choose another story" while practising: the story is put aside, not ended (its session stays
   * open on the server, its run on the device), so starting it again goes on where it was.
   */
  const leave = useCallback(() => {
    // said when there is a place to keep (a letter tried or signed)
    const kept = counted.current.length > 0 || (latest.current.state?.letters_done ?? 0) > 0;
    const title = kept ? latest.current.story?.title : undefined;
    if (engine.current) void engine.current.close();
    else sendControl('leave_session');
    engine.current = null;
    // not taken up again on reconnecting while the stories are on screen
    sessionId.current = null;
    sessionStorage.removeItem(SESSION_KEY);
    setS((p) => ({
      ...p,
      phase: 'picking',
      summary: null,
      story: null,
      state: null,
      feedback: null,
      message: title ? `${title} is kept where you left it: start it again to go on.` : null,
    }));
  }, [sendControl]);

  const backToPicker = useCallback(() => {
    engine.current?.close();
    engine.current = null;
    setS((p) => ({ ...p, phase: 'picking', summary: null, story: null, state: null, feedback: null }));
  }, []);

  /** The hands of the 2.5 s before the feedback came, oldest first: the last is the one it was read from. */
  const handsBefore = useCallback((fb: AslFeedbackData) => before.current.get(fb) ?? [], []);

  /**
   * "This feedback is wrong" on a counted wrong reading: it no longer counts against the learner,
   * here (a result made on the device) as on the server (the report names the attempt). True when
   * the feedback was such a reading.
   */
  const withdraw = useCallback((fb: AslFeedbackData) => {
    if (!reportWithdraws(fb)) return false;
    // the attempts this page saw (a story continued on the device counts them), and the device's log
    for (const a of counted.current) if (a.attempt_id === fb.attempt_id) a.withdrawn = true;
    engine.current?.withdraw(fb.attempt_id!);
    return true;
  }, []);

  return { ...s, start, act, leave, backToPicker, handsBefore, withdraw, sessionId: sessionId.current };
}
