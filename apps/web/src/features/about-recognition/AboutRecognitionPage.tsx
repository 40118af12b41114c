import { Link } from 'react-router';
import { HELD_OUT_FIGURES, type HeldOutFigures } from '../../lib/recognition/held-out-figures';
import { listed } from '../../lib/words';
import { letterRows, personRange, share, sourceWords, weakLetters, whyAlike, WEAK_BELOW } from './figures';
import './about-recognition.css';

/**
 * "About recognition" (issue 16 item 8): how well the recogniser reads people it never saw, per
 * letter, what makes it fail, what it does when it is not sure, and how to report a wrong reading.
 * Every figure comes from the model card (held-out-figures.json, generated from MODEL_CARD.md).
 */
export function AboutRecognitionPage({ figures = HELD_OUT_FIGURES }: { figures?: HeldOutFigures }) {
  const letters = share(figures.letters);
  const digits = share(figures.digits);
  const [worst, best] = personRange(figures);
  const rows = letterRows(figures);
  const weak = weakLetters(figures);
  const sureIn100 = Math.round(figures.sure);
  const range = rows.find((r) => r.rightIn100.includes(' to '))?.rightIn100;
  const bySource = figures.sources.flatMap((s) => (s.letters === null ? [] : [Math.round(s.letters)]));
  const answers = figures.letters.total + figures.digits.total;
  return (
    <section className="page about-recognition" aria-labelledby="about-recognition-title">
      <h1 id="about-recognition-title">About recognition</h1>
      <p className="lead">
        SignSpeak reads your handshapes from your camera. Here is how well it does on people it has never seen, what
        makes it go wrong, and what it does when it isn’t sure.
      </p>

      <section className="card" aria-labelledby="about-how-well">
        <h2 id="about-how-well">How well it reads people it never saw</h2>
        <p>
          We tested it on photos of {figures.people} people, leaving each person out while it learned and then asking it
          to read their hands. It read <strong data-testid="letters-in-100">{letters.in100} letters in 100</strong>{' '}
          right ({letters.words} photos) and {digits.in100 === 100 ? 'every digit' : `${digits.in100} digits in 100`} (
          {digits.words} photos).
        </p>
        <p>
          Some people’s hands were easier to read than others’: from {worst} to {best} letters in 100, depending on the
          person.
        </p>
        {weak.length > 0 && (
          <div className="about-weak" role="note" aria-labelledby="about-weak-title">
            <h3 id="about-weak-title">Letters it finds harder</h3>
            <ul>
              {weak.map((r) => (
                <li key={r.letter}>
                  <strong>{r.letter}</strong>: right {r.rightIn100} times in 100
                  {r.mistakenFor.length > 0 && <>, sometimes read as {listed(r.mistakenFor)}</>}
                </li>
              ))}
            </ul>
          </div>
        )}
        <div className="about-table-wrap">
          <table className="about-letters">
            <caption>Each letter: how many times in 100 it was read right on people it never saw</caption>
            <thead>
              <tr>
                <th scope="col">Letter</th>
                <th scope="col">Right in 100</th>
                <th scope="col">Sometimes read as</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.letter} className={r.weak ? 'about-row-weak' : undefined} data-letter={r.letter}>
                  <th scope="row">{r.letter}</th>
                  <td>
                    {r.rightIn100}
                    {r.weak && <span className="about-harder"> (harder)</span>}
                  </td>
                  <td>
                    {r.mistakenFor.length ? (
                      listed(r.mistakenFor)
                    ) : (
                      <>
                        <span aria-hidden="true">–</span>
                        <span className="visually-hidden">none listed</span>
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="muted">
          “Harder” marks letters read right fewer than {WEAK_BELOW} times in 100; “Sometimes read as” names the most
          frequent mistakes.
          {range && (
            <>
              {' '}
              Where it says “{range}”, the model card gives one figure for that group of letters: each was read right at
              least {range.split(' ')[0]} times.
            </>
          )}{' '}
          J and Z move, so they are not in the table: they are read from the path your finger draws. Digits 0, 2, 6 and
          9 are the same handshapes as O, V, W and F.
        </p>
      </section>

      <section className="card" aria-labelledby="about-other-pictures">
        <h2 id="about-other-pictures">Other kinds of cameras and photos</h2>
        <p>
          Each collection below was left out while it learned, then read as a whole: from{' '}
          <strong data-testid="sources-range">
            {Math.min(...bySource)} to {Math.max(...bySource)} letters in 100
          </strong>
          . The webcam collections were recorded with another hand tracker, some without depth, and several were read
          clearly worse than the photos above. Webcams vary more than photos: on yours it may do worse too, most of all
          in poor light or at an angle.
        </p>
        <ul className="about-sources">
          {figures.sources.map((s) => (
            <li key={s.name}>
              <span>{sourceWords(s.name)}</span>:{' '}
              {[
                s.letters !== null && `${Math.round(s.letters)} letters in 100`,
                s.digits !== null && `${Math.round(s.digits)} digits in 100`,
              ]
                .filter(Boolean)
                .join(', ')}
            </li>
          ))}
        </ul>
      </section>

      <section className="card" aria-labelledby="about-fail">
        <h2 id="about-fail">What makes it go wrong</h2>
        <ul className="about-causes">
          <li>
            <strong>Light.</strong> A dim room, or a bright window behind you, hides your fingers. When the picture is
            too dark to find your hand, the practice screen says so.
          </li>
          <li>
            <strong>Angle.</strong> It reads best with your palm toward the camera. Seen from above or from the side,
            fingers hide each other. When a letter signed palm forward is turned well away, the practice screen asks you
            to turn your palm toward the camera.
          </li>
          <li>
            <strong>Distance.</strong> Too far away and your hand is only a few dots; too close and fingers leave the
            picture. Keep your whole hand in view, about an arm’s length away.
          </li>
          <li>
            <strong>J and Z drawn fast or small.</strong> A finger moving fast blurs, and a tiny letter hides in the
            hand’s own wobble. Draw them about a hand’s width across, at an easy pace, and keep the finger straight. In
            a dim room a quick Z can blur so much that the camera loses your hand: practice then asks you to draw it a
            little more slowly.
          </li>
          <li>
            <strong>Letters that look alike.</strong>
            <ul>
              {figures.lookAlike.map((g) => (
                <li key={g.join('')}>
                  {listed(g)}: {whyAlike(g)}.
                </li>
              ))}
            </ul>
          </li>
        </ul>
      </section>

      <section className="card" aria-labelledby="about-unsure">
        <h2 id="about-unsure">When it isn’t sure, it says so</h2>
        <p>
          Every reading comes with how sure it is. When it isn’t sure, it doesn’t name a letter: it asks you to adjust
          (hold your hand still, turn your palm toward the camera, come a little closer, add light), and that try does
          not count against you.
        </p>
        <p>
          It knows which letter you were asked for. When your hand is read as another letter but could still be the one
          asked, it gives you the benefit of the doubt: it asks you to adjust instead of telling you that you made
          another letter.
        </p>
        <p>
          On the people it never saw, it was sure of about {sureIn100} answers in 100, and only{' '}
          {figures.sureButWrong.count} of its {figures.sureButWrong.total.toLocaleString('en-US')} answers
          {answers === figures.sureButWrong.total &&
            ` (${figures.letters.total.toLocaleString('en-US')} letters and ${figures.digits.total.toLocaleString('en-US')} digits)`}{' '}
          were sure but wrong.
        </p>
      </section>

      <section className="card" aria-labelledby="about-report">
        <h2 id="about-report">If it reads you wrong, tell us</h2>
        <p>
          Under the feedback on the practice screen, press <strong>This feedback is wrong</strong>. One click sends us
          that reading so we can check it and make recognition better: the letter you were asked for, what was read, and
          where your hand’s joints were as it was read and in the two seconds before (J and Z are drawn). Never the
          picture from your camera. A letter read wrong that you report no longer counts against you in your score.
        </p>
        <Link className="button button-secondary" to="/asl-world">
          Back to ASL World
        </Link>
      </section>
    </section>
  );
}
