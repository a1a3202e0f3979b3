// Phone navigation: the same links in a panel that closes on navigation; a link to a place on
// the current page scrolls there once the panel has closed.
import { MOBILE_MENU_SCROLL_DELAY_MS } from '@guia-fortim/db';
import { useEffect, useRef, useState } from 'react';
import { Icon } from '../components/Icon.tsx';
import type { NavLink } from '../lib/navigation.ts';

export default function MobileMenu({ links, current }: { links: NavLink[]; current: string }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const navigate = (href: string) => {
    setOpen(false);
    const target = new URL(href, location.href);
    if (target.pathname !== location.pathname) return;
    setTimeout(() => {
      const anchor = target.hash && document.getElementById(target.hash.slice(1));
      if (anchor) anchor.scrollIntoView({ behavior: 'smooth' });
      else window.scrollTo({ top: 0, behavior: 'smooth' });
    }, MOBILE_MENU_SCROLL_DELAY_MS);
  };

  return (
    <div className="md:hidden">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls="menu-movel"
        onClick={() => setOpen((value) => !value)}
        className="flex size-10 items-center justify-center rounded-lg text-slate-800 hover:bg-slate-100"
      >
        <Icon name={open ? 'close' : 'menu'} className="size-6" />
        <span className="sr-only">Menu</span>
      </button>
      <nav
        id="menu-movel"
        aria-label="Menu"
        hidden={!open}
        className="absolute inset-x-0 top-full border-t border-slate-200 bg-white shadow-lg"
      >
        <ul className="flex flex-col px-4 py-2">
          {links.map((link) => (
            <li key={link.href}>
              <a
                href={link.href}
                aria-current={link.href === current ? 'page' : undefined}
                onClick={() => navigate(link.href)}
                className="block rounded-lg px-3 py-3 font-medium text-slate-800 hover:bg-slate-100 aria-[current=page]:text-mar"
              >
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
