import { PRODUCT_NAME } from '@asl/protocol';
import type { ReactNode } from 'react';
import { Logo } from '../../../lib/ui/Logo';
import './auth.css';

/** The centred card the signed-out pages share. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <main className="auth-layout" id="main" tabIndex={-1}>
      <div className="auth-card">
        <p className="auth-brand" aria-hidden="true">
          <Logo size={36} /> {PRODUCT_NAME}
        </p>
        <h1>{title}</h1>
        {subtitle && <p className="muted">{subtitle}</p>}
        {children}
      </div>
    </main>
  );
}
