<?php
/**
 * list=proofreadpagesinindex (prefix prppii): the pages an Index's <pagelist/> names, in
 * scan order, each with its pageoffset (scan position), title and page id (0 when the page
 * does not exist yet). Not a generator here.
 *
 * @license MIT
 */

use Wikimedia\ParamValidator\ParamValidator;
use Wikimedia\ParamValidator\TypeDef\IntegerDef;

class ApiQueryPagesInIndexLab extends ApiQueryBase {

	public function __construct( ApiQuery $query, $moduleName ) {
		parent::__construct( $query, $moduleName, 'prppii' );
	}

	public function execute() {
		$params = $this->extractRequestParams();
		$this->requireOnlyOneParameter( $params, 'title', 'pageid' );
		if ( $params['title'] !== null ) {
			$index = Title::newFromText( $params['title'] );
			if ( !$index ) {
				$this->dieWithError( [ 'apierror-invalidtitle', wfEscapeWikiText( $params['title'] ) ] );
			}
		} else {
			$index = Title::newFromID( $params['pageid'] );
			if ( !$index ) {
				$this->dieWithError( [ 'apierror-nosuchpageid', $params['pageid'] ] );
			}
		}
		if ( $index->getNamespace() !== ProofreadPageLab::INDEX_NS ) {
			$this->dieWithError( [ 'apierror-invalidtitle', wfEscapeWikiText( $index->getPrefixedText() ) ] );
		}
		if ( !$index->exists() ) {
			$this->dieWithError( [ 'apierror-missingtitle' ] );
		}
		$prop = array_flip( $params['prop'] );
		$from = $params['continue'] ?? 0;
		$count = 0;
		$result = $this->getResult();
		foreach ( ProofreadPageLab::pagesOf( $index ) as $position => [ $page, $label ] ) {
			if ( $position < $from ) {
				continue;
			}
			if ( $count++ >= $params['limit'] ) {
				$this->setContinueEnumParameter( 'continue', $position );
				break;
			}
			$item = [ 'pageoffset' => $position ];
			if ( isset( $prop['ids'] ) ) {
				$item['pageid'] = $page->getArticleID();
			}
			if ( isset( $prop['title'] ) ) {
				ApiQueryBase::addTitleInfo( $item, $page );
			}
			if ( !$result->addValue( [ 'query', $this->getModuleName() ], null, $item ) ) {
				$this->setContinueEnumParameter( 'continue', $position );
				break;
			}
		}
		$result->addIndexedTagName( [ 'query', $this->getModuleName() ], 'pp' );
	}

	public function getCacheMode( $params ) {
		return 'public';
	}

	public function getAllowedParams() {
		return [
			'title' => [ ParamValidator::PARAM_TYPE => 'string' ],
			'pageid' => [ ParamValidator::PARAM_TYPE => 'integer' ],
			'prop' => [
				ParamValidator::PARAM_ISMULTI => true,
				ParamValidator::PARAM_TYPE => [ 'ids', 'title' ],
				ParamValidator::PARAM_DEFAULT => 'ids|title',
			],
			'limit' => [
				ParamValidator::PARAM_DEFAULT => 500,
				ParamValidator::PARAM_TYPE => 'limit',
				IntegerDef::PARAM_MIN => 1,
				IntegerDef::PARAM_MAX => ApiBase::LIMIT_BIG1,
				IntegerDef::PARAM_MAX2 => ApiBase::LIMIT_BIG2,
			],
			'continue' => [
				ParamValidator::PARAM_TYPE => 'integer',
				ApiBase::PARAM_HELP_MSG => 'api-help-param-continue',
			],
		];
	}
}
