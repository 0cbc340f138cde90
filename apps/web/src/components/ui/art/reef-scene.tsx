import { Shoal, type ShoalFish } from './fish';

const FISH: readonly ShoalFish[] = [
  { at: ['66%', '68%', '48px'], lap: 9, body: '#ff8a4c', fin: '#ffd37a', striped: true },
  { at: ['74%', '18%', '34px'], lap: 12, startIn: 3, body: '#f4d9a6', fin: '#2ee6d6' },
  { at: ['70%', '46%', '24px'], lap: 7, startIn: 1, body: '#5ef0e2', fin: '#ff7a66' },
];

interface ReefSceneProps {
  className?: string;
}

/**
 * The Red Sea header: sunlit water over a coral reef, drawn inline so the first screen needs no
 * image request. Decorative only.
 */
export function ReefScene({ className }: ReefSceneProps) {
  return (
    <div className={`reef-scene ${className ?? ''}`} aria-hidden="true">
      <svg className="reef-scene__svg" viewBox="0 0 390 230" preserveAspectRatio="xMidYMax slice" focusable="false">
        <defs>
          <linearGradient id="reef-water" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="#14c7c0" />
            <stop offset="0.35" stopColor="#0b6d8f" />
            <stop offset="0.75" stopColor="#07325a" />
            <stop offset="1" stopColor="#04152b" />
          </linearGradient>
          <linearGradient id="reef-sand" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="#f3d7a2" />
            <stop offset="1" stopColor="#b98c55" />
          </linearGradient>
          <linearGradient id="reef-ray" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="#ffffff" stopOpacity="0.35" />
            <stop offset="1" stopColor="#ffffff" stopOpacity="0" />
          </linearGradient>
        </defs>
        <rect width="390" height="230" fill="url(#reef-water)" />
        <g fill="url(#reef-ray)">
          <path d="M70 0 L110 0 L60 170 L35 170 Z" />
          <path d="M170 0 L195 0 L185 150 L150 150 Z" opacity="0.7" />
          <path d="M260 0 L300 0 L345 160 L315 160 Z" opacity="0.8" />
        </g>
        <path d="M0 10 Q32 2 65 10 T130 10 T195 10 T260 10 T325 10 T390 10 V0 H0 Z" fill="#7ff3e8" opacity="0.45" />
        <g fill="none" stroke="#bff9f3" strokeWidth="1.2" opacity="0.55">
          <circle cx="318" cy="58" r="4" />
          <circle cx="326" cy="40" r="2.5" />
          <circle cx="312" cy="26" r="1.8" />
          <circle cx="214" cy="150" r="3" />
          <circle cx="222" cy="134" r="2" />
        </g>
        <path d="M0 178 Q60 150 120 170 T240 160 T390 168 V230 H0 Z" fill="#0b3a5c" />
        <g fill="none" strokeLinecap="round">
          <path d="M38 212 Q30 180 44 150 M40 190 Q52 176 50 160" stroke="#2ee6d6" strokeWidth="4" opacity="0.8" />
          <path d="M352 214 Q362 184 350 156 M354 192 Q340 180 344 166" stroke="#2ee6d6" strokeWidth="4" opacity="0.8" />
          <path d="M96 214 V182 M96 196 L82 176 M96 190 L110 168 M110 168 L118 156 M110 168 L104 154 M82 176 L76 162" stroke="#ff7a66" strokeWidth="7" />
          <path d="M292 214 V188 M292 200 L306 178 M292 194 L280 172 M306 178 L314 166 M280 172 L272 160 M280 172 L286 158" stroke="#ff9d7a" strokeWidth="6" />
        </g>
        <path d="M150 214 C150 170 180 150 198 150 C216 150 246 170 246 214 Z" fill="#ffb38a" opacity="0.9" />
        <g fill="none" stroke="#e98a64" strokeWidth="2" strokeLinecap="round" opacity="0.9">
          <path d="M198 212 V160 M198 184 L176 164 M198 184 L220 164 M198 198 L166 184 M198 198 L230 184" />
        </g>
        <ellipse cx="258" cy="212" rx="26" ry="15" fill="#d9667a" />
        <path d="M238 210 Q246 202 254 210 T270 210 M242 218 Q250 212 258 218 T274 216" fill="none" stroke="#ffd0c4" strokeWidth="1.6" opacity="0.8" />
        <path d="M0 216 Q80 204 170 214 T390 210 V230 H0 Z" fill="url(#reef-sand)" />
      </svg>
      <Shoal fish={FISH} />
    </div>
  );
}
