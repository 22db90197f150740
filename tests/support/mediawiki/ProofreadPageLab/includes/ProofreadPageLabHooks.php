<?php
/**
 * The parser tags of wstools' ProofreadPage test double.
 *
 * @license MIT
 */

use MediaWiki\MediaWikiServices;

class ProofreadPageLabHooks {

	public static function onParserFirstCallInit( Parser $parser ): void {
		$parser->setHook( 'pagelist', [ self::class, 'renderPagelist' ] );
		$parser->setHook( 'pagequality', [ self::class, 'renderPagequality' ] );
	}

	/**
	 * <pagequality level="N" user="U" />: the page's level is read from the text by the API
	 * modules; on the page it shows nothing (as on a Page: page's body).
	 */
	public static function renderPagequality( $input, array $args, Parser $parser ): string {
		return '';
	}

	/**
	 * <pagelist .../> on an Index page: one link a scan, to Page:NAME/N, labelled as the
	 * tag numbers it, with the classes ProofreadPage gives (prp-index-pagelist-page, and
	 * prp-pagequality-Q qualityQ for a page that exists; MediaWiki's red link otherwise).
	 */
	public static function renderPagelist( $input, array $args, Parser $parser ): string {
		$index = Title::castFromPageReference( $parser->getPage() );
		if ( !$index || $index->getNamespace() !== ProofreadPageLab::INDEX_NS ) {
			return self::error( 'only on an Index: page' );
		}
		try {
			$labels = ProofreadPageLab::labels( $args );
		} catch ( InvalidArgumentException $e ) {
			return self::error( $e->getMessage() );
		}
		$renderer = MediaWikiServices::getInstance()->getLinkRenderer();
		$links = [];
		foreach ( $labels as $position => $label ) {
			$page = ProofreadPageLab::pageTitle( $index, $position );
			$parser->getOutput()->addLink( $page );
			$level = ProofreadPageLab::levelOf( $page );
			$class = 'prp-index-pagelist-page';
			if ( $level !== null ) {
				$class .= " prp-pagequality-$level quality$level";
			}
			$links[] = $renderer->makeLink( $page, $label, [ 'class' => $class ] );
		}
		return Html::rawElement( 'div', [ 'class' => 'prp-index-pagelist' ],
			implode( ' ', $links ) );
	}

	private static function error( string $message ): string {
		return Html::element( 'strong', [ 'class' => 'error' ], "pagelist: $message" );
	}
}
