import { useOfflineSupport } from '../features/connectivity';

/** The signed-in learner's offline queues and page views (a chunk of its own, with IndexedDB). */
export default function OfflineSupport({ pathname }: { pathname: string }) {
  useOfflineSupport(pathname, true);
  return null;
}
