// Home carousel: rotates images every 5 s; dots to pick one.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CarouselImage } from './api';

export const CAROUSEL_INTERVAL_MS = 5000;

export function Carousel({ images }: { images: CarouselImage[] }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (images.length < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % images.length), CAROUSEL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [images.length]);
  const current = images[index % Math.max(1, images.length)];
  return (
    <div className="oj-carousel" data-testid="carousel" aria-roledescription="carousel">
      {current ? (
        <img src={current.url} alt={t('home.carouselImage', { n: index + 1 })} />
      ) : (
        <div className="oj-carousel__empty">{t('home.welcome')}</div>
      )}
      {images.length > 1 && (
        <div className="oj-carousel__dots">
          {images.map((img, i) => (
            <button
              key={img.id}
              type="button"
              className={i === index ? 'active' : ''}
              aria-label={t('home.carouselImage', { n: i + 1 })}
              aria-current={i === index}
              onClick={() => setIndex(i)}
            />
          ))}
        </div>
      )}
    </div>
  );
}
