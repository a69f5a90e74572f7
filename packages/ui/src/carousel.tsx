import { Children, isValidElement, useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import styles from './carousel.module.css';

export interface CarouselProps {
  /** One slide per child, each as wide as the carousel. */
  children: ReactNode;
  /** Moves to the next slide this often (ms); 0 or absent: only when swiped. */
  autoplayMs?: number;
  /** Autoplay goes from the last slide back to the first (otherwise it stops there). */
  loop?: boolean;
  className?: string;
}

/** The slide whose start is nearest the track's scroll position. */
export function slideAt(scrollLeft: number, slideWidth: number, count: number): number {
  if (slideWidth <= 0 || count <= 0) {
    return 0;
  }
  return Math.min(count - 1, Math.max(0, Math.round(scrollLeft / slideWidth)));
}

/**
 * Slides in a row that the browser itself scrolls and snaps (CSS scroll-snap), with a page
 * indicator below them and an optional autoplay that pauses while a finger is on it. No gesture
 * library and no animation library: the first screen's carousels cost a few hundred bytes.
 */
export function Carousel({ children, autoplayMs = 0, loop = false, className }: CarouselProps) {
  const slides = Children.toArray(children);
  const count = slides.length;
  const track = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const touching = useRef(false);

  useEffect(() => {
    const element = track.current;
    if (element === null) {
      return undefined;
    }
    const onScroll = () => setCurrent(slideAt(element.scrollLeft, element.clientWidth, count));
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => element.removeEventListener('scroll', onScroll);
  }, [count]);

  useEffect(() => {
    const element = track.current;
    if (element === null || autoplayMs <= 0 || count < 2) {
      return undefined;
    }
    const timer = setInterval(() => {
      if (touching.current) {
        return;
      }
      const at = slideAt(element.scrollLeft, element.clientWidth, count);
      const next = at + 1 < count ? at + 1 : loop ? 0 : at;
      if (next !== at) {
        // The track scrolls smoothly by its CSS (scroll-behavior), or at once for reduced motion.
        element.scrollLeft = next * element.clientWidth;
      }
    }, autoplayMs);
    return () => clearInterval(timer);
  }, [autoplayMs, count, loop]);

  const hold = (held: boolean) => () => {
    touching.current = held;
  };

  return (
    <div data-testid="carousel" className={`${styles.carousel}${className ? ` ${className}` : ''}`}>
      <div
        ref={track}
        className={styles.track}
        onTouchStart={hold(true)}
        onTouchEnd={hold(false)}
        onTouchCancel={hold(false)}
      >
        {slides.map((slide, index) => (
          <div key={isValidElement(slide) && slide.key !== null ? slide.key : index} className={styles.slide}>
            {slide}
          </div>
        ))}
      </div>
      {count > 1 ? (
        <div className={styles.indicator} aria-hidden="true">
          {slides.map((_, index) => (
            <span key={index} className={index === current ? `${styles.dot} ${styles.active}` : styles.dot} />
          ))}
        </div>
      ) : null}
    </div>
  );
}
