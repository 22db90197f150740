<?php
/**
 * wstools' lab test double of ProofreadPage: what the Page: and Index: namespaces mean,
 * the quality level of a Page: page and the pages an Index's <pagelist/> names.
 * Written for wstools' tests from ProofreadPage's public documentation; not its code.
 *
 * @license MIT
 */

use MediaWiki\MediaWikiServices;
use MediaWiki\Revision\RevisionRecord;
use MediaWiki\Revision\SlotRecord;

class ProofreadPageLab {
	public const PAGE_NS = 104;
	public const INDEX_NS = 106;

	/** The quality levels and the category name of each (as en.wikisource has them). */
	public const LEVELS = [
		0 => 'Without text',
		1 => 'Not proofread',
		2 => 'Problematic',
		3 => 'Proofread',
		4 => 'Validated',
	];

	/** Numbering styles a range or a page of a <pagelist/> can take. */
	private const STYLES = [ 'arabic', 'roman', 'highroman', 'empty' ];

	/**
	 * The current wikitext of a page, or null when it does not exist.
	 */
	public static function text( Title $title ): ?string {
		$rev = MediaWikiServices::getInstance()->getRevisionLookup()
			->getRevisionByTitle( $title );
		if ( !$rev ) {
			return null;
		}
		$content = $rev->getContent( SlotRecord::MAIN, RevisionRecord::RAW );
		return $content instanceof TextContent ? $content->getText() : '';
	}

	/**
	 * A Page: page's quality level, read from the <pagequality level="N" .../> in its text
	 * (1, not proofread, when it has none); null when the page does not exist.
	 */
	public static function levelOf( Title $title ): ?int {
		$text = self::text( $title );
		if ( $text === null ) {
			return null;
		}
		if ( preg_match( '/<pagequality\b[^>]*?\blevel\s*=\s*["\']?([0-4])\b/i', $text, $m ) ) {
			return (int)$m[1];
		}
		return 1;
	}

	/**
	 * The attributes of each <pagelist> tag in an Index page's wikitext.
	 *
	 * @return array[]
	 */
	public static function pagelistTags( string $text ): array {
		$text = preg_replace( '/<!--.*?-->/s', '', $text );
		preg_match_all( '/<pagelist\b([^>]*?)\/?>/i', $text, $m );
		return array_map( [ Sanitizer::class, 'decodeTagAttributes' ], $m[1] );
	}

	/**
	 * The scan positions a <pagelist/> shows and the label of each, as ProofreadPage's
	 * help describes the tag: `from` and `to` bound the scans (there is no file here, so
	 * `to` is required); `N=k` numbers scan N as k and the scans after it on from there;
	 * `N=text` labels scan N (the numbering goes on under it); `AtoB=style` shows scans
	 * A to B in a style (arabic, roman, highroman, empty); `AtoB=text` labels each of them.
	 *
	 * @param array $attrs
	 * @return array<int,string> position => label
	 * @throws InvalidArgumentException when `to` is missing or a bound is not a number
	 */
	public static function labels( array $attrs ): array {
		$from = $attrs['from'] ?? '1';
		$to = $attrs['to'] ?? null;
		if ( $to === null ) {
			throw new InvalidArgumentException( 'the lab double has no file: give to="N"' );
		}
		if ( !ctype_digit( (string)$from ) || !ctype_digit( (string)$to ) || (int)$from < 1 ) {
			throw new InvalidArgumentException( 'from and to must be scan numbers' );
		}
		$numbers = [];
		$single = [];
		$ranges = [];
		foreach ( $attrs as $key => $value ) {
			$key = (string)$key;
			$value = trim( (string)$value );
			if ( ctype_digit( $key ) ) {
				if ( preg_match( '/^\d+$/', $value ) ) {
					$numbers[(int)$key] = (int)$value;
				} else {
					$single[(int)$key] = $value;
				}
			} elseif ( preg_match( '/^(\d+)to(\d+)$/', $key, $m ) ) {
				$ranges[] = [ (int)$m[1], (int)$m[2], $value ];
			}
		}
		$labels = [];
		$number = (int)$from;
		for ( $p = (int)$from; $p <= (int)$to; $p++ ) {
			if ( isset( $numbers[$p] ) ) {
				$number = $numbers[$p];
			}
			$style = 'arabic';
			$literal = null;
			foreach ( $ranges as [ $a, $b, $value ] ) {
				if ( $a <= $p && $p <= $b ) {
					if ( in_array( strtolower( $value ), self::STYLES, true ) ) {
						$style = strtolower( $value );
					} else {
						$literal = $value;
					}
				}
			}
			if ( isset( $single[$p] ) ) {
				if ( in_array( strtolower( $single[$p] ), self::STYLES, true ) ) {
					$style = strtolower( $single[$p] );
				} else {
					$literal = $single[$p];
				}
			}
			$labels[$p] = $literal ?? self::styled( $number, $style );
			$number++;
		}
		return $labels;
	}

	private static function styled( int $n, string $style ): string {
		if ( $style === 'empty' ) {
			return '';
		}
		if ( $style === 'roman' || $style === 'highroman' ) {
			$roman = self::roman( $n );
			return $style === 'roman' ? strtolower( $roman ) : $roman;
		}
		return (string)$n;
	}

	private static function roman( int $n ): string {
		if ( $n <= 0 || $n >= 4000 ) {
			return (string)$n;
		}
		$out = '';
		foreach ( [ 1000 => 'M', 900 => 'CM', 500 => 'D', 400 => 'CD', 100 => 'C',
			90 => 'XC', 50 => 'L', 40 => 'XL', 10 => 'X', 9 => 'IX', 5 => 'V', 4 => 'IV',
			1 => 'I' ] as $value => $digits ) {
			while ( $n >= $value ) {
				$out .= $digits;
				$n -= $value;
			}
		}
		return $out;
	}

	/**
	 * The Page: title of scan $position of an Index (Index:NAME -> Page:NAME/N).
	 */
	public static function pageTitle( Title $index, int $position ): Title {
		return Title::makeTitle( self::PAGE_NS, $index->getDBkey() . '/' . $position );
	}

	/**
	 * The pages of an Index in scan order, from every <pagelist/> on it, each once.
	 *
	 * @return array<int,array{0:Title,1:string}> position => [Page: title, label]
	 */
	public static function pagesOf( Title $index ): array {
		$text = self::text( $index );
		$pages = [];
		foreach ( self::pagelistTags( $text ?? '' ) as $attrs ) {
			try {
				$labels = self::labels( $attrs );
			} catch ( InvalidArgumentException $e ) {
				continue;
			}
			foreach ( $labels as $position => $label ) {
				$pages[$position] = $pages[$position] ?? [ self::pageTitle( $index, $position ), $label ];
			}
		}
		ksort( $pages );
		return $pages;
	}
}
