import {
  aslFeedbackDataSchema,
  controlResponseDataSchema,
  practiceSessionResponseDataSchema,
  practiceStateSchema,
  processedFrameDataSchema,
  sessionCompleteDataSchema,
  type AslFeedbackData,
  type ControlAction,
  type DetectedHand,
  type PracticeState,
  type SessionCompleteData,
  type Story,
} from '@asl/protocol';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { LiveContext } from '../AslWorldPage';
import type { StartRequest } from './StoryPicker';

export type Phase = 'picking' | 'starting' | 'practising' | 'complete';
const SESSION_KEY = 'practice_session';

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
 * letter, keep the latest feedback, and resume the same session after a reconnect.
 */
export function useStoryPractice(live: LiveContext) {
  const { socket, connection } = live;
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
  const pendingStart = useRef<Record<string, string> | null>(null);

  const sendControl = useCallback(
    (action: ControlAction, data: Record<string, unknown> = {}) =>
      socket.send({ type: 'control', action, data, timestamp: new Date().toISOString() }, { throttle: false }),
    [socket],
  );

  useEffect(
    () =>
      socket.onMessage((msg) => {
        switch (msg.type) {
          case 'practice_session_response': {
            const d = practiceSessionResponseDataSchema.safeParse(msg.data);
            if (!d.success) return;
            sessionId.current = d.data.session_id;
            sessionStorage.setItem(SESSION_KEY, d.data.session_id);
            setS((p) => ({
              ...p,
              phase: 'practising',
              story: d.data.story,
              state: d.data,
              summary: null,
              message: null,
            }));
            return;
          }
          case 'control_response': {
            const d = controlResponseDataSchema.safeParse(msg.data);
            if (!d.success) return;
            if (!d.data.success) {
              setS((p) => ({ ...p, message: msg.message ?? 'That did not work. Start a story first.' }));
              return;
            }
            if (d.data.state) {
              const st = d.data.state;
              if (st.status === 'stopped') {
                sessionId.current = null;
                sessionStorage.removeItem(SESSION_KEY);
                setS((p) => ({ ...p, phase: 'picking', state: null, story: null, feedback: null }));
                return;
              }
              sessionId.current = st.session_id;
              sessionStorage.setItem(SESSION_KEY, st.session_id);
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
            setS((p) => ({ ...p, feedback: d.data, state: st.success ? st.data : p.state }));
            return;
          }
          case 'session_complete': {
            const d = sessionCompleteDataSchema.safeParse(msg.data);
            if (!d.success) return;
            sessionId.current = null;
            sessionStorage.removeItem(SESSION_KEY);
            setS((p) => ({ ...p, phase: 'complete', summary: d.data }));
            return;
          }
          case 'processed_frame': {
            const d = processedFrameDataSchema.safeParse(msg.data);
            if (d.success) setS((p) => ({ ...p, hand: d.data.hands[0] ?? null }));
            return;
          }
          case 'error': {
            const code = (msg.data as { code?: string } | undefined)?.code;
            if (code === 'STORY_NOT_FOUND' || code === 'SESSION_NOT_FOUND' || code === 'INVALID_MESSAGE') {
              if (code === 'SESSION_NOT_FOUND') {
                sessionId.current = null;
                sessionStorage.removeItem(SESSION_KEY);
              }
              setS((p) => (p.phase === 'starting' ? { ...p, phase: 'picking', message: msg.message ?? null } : p));
            }
            return;
          }
        }
      }),
    [socket],
  );

  // On (re)connecting, resume the session the learner was in, or run a start that was waiting.
  useEffect(() => {
    if (connection.state !== 'connected') return;
    if (pendingStart.current) {
      sendControl('start_session', pendingStart.current);
      pendingStart.current = null;
    } else if (sessionId.current) {
      setS((p) => (p.phase === 'picking' ? { ...p, phase: 'starting' } : p));
      sendControl('start_session', { session_id: sessionId.current });
    }
  }, [connection.state, sendControl]);

  const start = useCallback(
    (req: StartRequest) => {
      setS((p) => ({ ...p, phase: 'starting', feedback: null, summary: null, message: null }));
      const data: Record<string, string> = 'story_id' in req ? { story_id: req.story_id } : { topic: req.topic };
      if (!sendControl('start_session', data)) pendingStart.current = data;
    },
    [sendControl],
  );

  const act = useCallback(
    (action: 'try_again' | 'next_sentence' | 'complete_story' | 'restart_story' | 'stop_session') => {
      if (!sendControl(action))
        setS((p) => ({ ...p, message: 'Not connected: wait for the connection to come back.' }));
    },
    [sendControl],
  );

  const backToPicker = useCallback(
    () => setS((p) => ({ ...p, phase: 'picking', summary: null, story: null, state: null, feedback: null })),
    [],
  );

  return { ...s, start, act, backToPicker, sessionId: sessionId.current };
}
