import { useEffect, useState } from 'react';

/** Whether `flag` has been true for at least `ms` without a break (false as soon as it turns false). */
export function useTrueFor(flag: boolean, ms: number): boolean {
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (!flag) {
      setHeld(false);
      return;
    }
    const timer = setTimeout(() => setHeld(true), ms);
    return () => clearTimeout(timer);
  }, [flag, ms]);
  return flag && held;
}
