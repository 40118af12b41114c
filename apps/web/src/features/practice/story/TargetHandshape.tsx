/** A photo of the target handshape (Massey ASL data set, see /handshapes/CREDITS.md). */
export function TargetHandshape({ letter }: { letter: string }) {
  return (
    <figure className="target-handshape">
      <img src={`/handshapes/${letter}.webp`} width={160} height={160} alt={`The ASL handshape for ${letter}`} />
      <figcaption>
        Sign <strong className="target-letter">{letter}</strong>
        {letter === 'J' && ': make an I, then draw a J with your pinky'}
        {letter === 'Z' && ': point your index finger and draw a Z'}
      </figcaption>
    </figure>
  );
}
