import { Link } from 'react-router';
import type { Module } from './modules';
import './modules.css';

const PLANS: Record<string, string[]> = {
  harmony: [
    'Join a practice room with a partner or a small group.',
    'Take turns signing a story while the others watch and help.',
    'See each other’s feedback so you can learn together.',
  ],
  reconnect: [
    'Weekly community challenges, such as fingerspelling 100 words.',
    'Shared goals with friends, family and classmates.',
    'Celebrate milestones with the signing community.',
  ],
};

/** Harmony and Reconnect: open (not disabled) pages saying what is coming. */
export function ComingSoonPage({ module }: { module: Module }) {
  return (
    <section className="page narrow" aria-labelledby="module-title">
      <p className="badge">Coming soon</p>
      <h1 id="module-title">{module.name}</h1>
      <p className="lead">{module.description}</p>
      <div className="card">
        <h2>What you will be able to do</h2>
        <ul className="checklist">
          {(PLANS[module.id] ?? []).map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
        <p className="muted">Until then, keep practising in ASL World.</p>
        <Link className="button button-primary" to="/asl-world">
          Go to ASL World
        </Link>
      </div>
    </section>
  );
}
