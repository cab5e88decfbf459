/**
 * The pipeline's sample rates, decided in code, not in EJS (one place to test): what rate the
 * TTS vendor really delivers, what the STT needs, and from those the `PipelineParams` rates and
 * comments bot.py's `run_bot` writes (`templates/server/partials/run_bot_body.py.ejs`).
 *
 * Sources: the telephony serializers' `<provider>_sample_rate` default of 8 kHz
 * (`src/pipecat/serializers/twilio.py` and its siblings, pipecat 1.8.0), the catalogue's
 * `outputSampleRates`/`inputSampleRate` facts, pipecat's `PipelineParams` defaults (16 kHz in,
 * 24 kHz out).
 */
import type { ServiceDefinition, ServiceRole } from '../catalogue/types.js';

/** Phone media streams carry 8 kHz audio (Hz). */
export const PHONE_RATE = 8000;
/** pipecat's default pipeline output rate (`PipelineParams.audio_out_sample_rate`, Hz). */
export const WEB_OUT_RATE = 24000;
/** pipecat's default pipeline input rate (`PipelineParams.audio_in_sample_rate`). */
export const WEB_IN_RATE = 16000;

/**
 * The rate (Hz) a TTS vendor delivers when pipecat asks for `requested` Hz, from the catalogue's
 * `outputSampleRates` fact: a fixed-rate vendor's one rate; else `requested` when the vendor can
 * send it; else the smallest supported rate above it (the largest when none is above).
 *
 * Running the pipeline's output at this rate keeps every TTS frame labelled with the rate of its
 * bytes (pipecat's services label audio with the pipeline rate; OpenAI TTS and Gemini TTS send
 * 24 kHz whatever they are asked); the output transport resamples to the wire.
 *
 * @param tts the TTS entry, or undefined (realtime bots): `requested` is returned
 * @param requested the rate the pipeline would otherwise use, in Hz
 */
export function ttsDeliveredRate(tts: ServiceDefinition | undefined, requested: number): number {
  const fact = tts?.outputSampleRates;
  if (!fact) return requested;
  if (fact.fixed || fact.rates.includes(requested)) return fact.fixed ? fact.rates[0] : requested;
  return fact.rates.find((r) => r > requested) ?? fact.rates[fact.rates.length - 1];
}

/**
 * The rates `run_bot` gives `PipelineParams`, and the comments above the worker that say why.
 * `params` are the `audio_in_sample_rate=…`/`audio_out_sample_rate=…` keyword arguments (Python
 * text, possibly `8000 if phone_audio else 16000`); `multiline` puts each argument on its own line
 * (bots that take phone media streams); `phoneTest` is the Python test assigned to `phone_audio`
 * when the rates differ between phone and other sessions.
 */
export interface PipelineRates {
  /** Comment lines above the worker, without `# `. */
  comments: string[];
  /** `phone_audio = <phoneTest>` is written before the worker when set. */
  phoneTest: string | null;
  /** Keyword arguments of `PipelineParams` after the metrics ones. */
  params: string[];
  multiline: boolean;
}

/** What {@link pipelineRates} decides from. */
interface RateInputs {
  /** The chosen services by role (cascade: stt, llm, tts). */
  services: Partial<Record<ServiceRole, ServiceDefinition>>;
  is: { cascade: boolean; phoneWebsocket: boolean; pstnDialin: boolean; sipDialin: boolean };
  /** How many kinds of session `bot()` may run. */
  callKindCount: number;
  /** Python test that `runner_args` is a phone media stream. */
  phoneStreamTest: string;
}

/**
 * The pipeline's input and output rates (Hz) for phone media streams and other sessions: the STT's
 * fixed input rate when its class has one, else 8 kHz on the phone and 16 kHz otherwise; the rate
 * the TTS delivers when asked for 8 or 24 kHz ({@link ttsDeliveredRate}).
 *
 * @param services the chosen services by role
 */
export function sessionRates(services: Partial<Record<ServiceRole, ServiceDefinition>>): {
  inRates: { phone: number; web: number };
  outRates: { phone: number; web: number };
} {
  const fixedIn = services.stt?.inputSampleRate?.rate;
  return {
    inRates: { phone: fixedIn ?? PHONE_RATE, web: fixedIn ?? WEB_IN_RATE },
    outRates: { phone: ttsDeliveredRate(services.tts, PHONE_RATE), web: ttsDeliveredRate(services.tts, WEB_OUT_RATE) },
  };
}

/**
 * The `PipelineParams` rates of a bot and their comments (see {@link PipelineRates}). A cascade bot
 * that takes phone media streams sets both rates, per session kind when it also takes others; any
 * other cascade bot sets only the rates that differ from pipecat's defaults; a realtime bot none.
 *
 * @param x the chosen services, the session predicates and the phone test
 */
export function pipelineRates(x: RateInputs): PipelineRates {
  const { inRates, outRates } = sessionRates(x.services);
  const stt = x.is.cascade ? x.services.stt : undefined;
  const tts = x.services.tts?.label ?? '';
  const sttIn = stt?.inputSampleRate?.rate;
  const comments: string[] = [];
  if (sttIn && x.is.phoneWebsocket)
    comments.push(
      `${stt!.label} transcribes ${sttIn} Hz audio: the pipeline's input runs at that rate and`,
      "the serializer converts the call's 8 kHz audio to it.",
    );
  else if (sttIn && sttIn !== WEB_IN_RATE)
    comments.push(`${stt!.label} transcribes ${sttIn} Hz audio: the pipeline's input runs at that rate.`);
  if (x.is.cascade && x.is.phoneWebsocket) {
    if (outRates.phone !== PHONE_RATE)
      comments.push(
        `Phone media streams carry 8 kHz audio. ${tts} sends ${outRates.phone} Hz, so the pipeline's`,
        'output runs at that rate and the serializer converts it to 8 kHz for the call.',
      );
    const allPhone = outRates.phone === PHONE_RATE && inRates.phone === PHONE_RATE;
    if (x.callKindCount === 1 && !x.is.pstnDialin && !x.is.sipDialin) {
      if (allPhone) comments.push('Phone audio is 8 kHz: running the pipeline at that rate avoids resampling.');
      const params = [`audio_in_sample_rate=${inRates.phone}`, `audio_out_sample_rate=${outRates.phone}`];
      return { comments, phoneTest: null, params, multiline: true };
    }
    if (allPhone) comments.push('Phone media streams carry 8 kHz audio: running the pipeline at that rate avoids resampling.');
    const either = (phone: number, web: number): string => (phone === web ? `${web}` : `${phone} if phone_audio else ${web}`);
    const params = [
      `audio_in_sample_rate=${either(inRates.phone, inRates.web)}`,
      `audio_out_sample_rate=${either(outRates.phone, outRates.web)}`,
    ];
    return { comments, phoneTest: x.phoneStreamTest, params, multiline: true };
  }
  if (!x.is.cascade) return { comments, phoneTest: null, params: [], multiline: false };
  if (outRates.web !== WEB_OUT_RATE) comments.push(`${tts} sends ${outRates.web} Hz audio: the pipeline's output runs at that rate.`);
  const params = [
    ...(inRates.web !== WEB_IN_RATE ? [`audio_in_sample_rate=${inRates.web}`] : []),
    ...(outRates.web !== WEB_OUT_RATE ? [`audio_out_sample_rate=${outRates.web}`] : []),
  ];
  return { comments, phoneTest: null, params, multiline: false };
}
